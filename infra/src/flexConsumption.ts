import * as pulumi from '@pulumi/pulumi';

/**
 * Site configuration properties a Flex Consumption app must not be sent. Azure answers a site that has one
 * 400, code 51021 ("The following site configuration property (Site.SiteConfig.NetFrameworkVersion) for Flex
 * Consumption sites is invalid"). The list is Microsoft's 'Flex Consumption plan deprecations' (App settings
 * reference for Azure Functions), `functionsRuntimeScaleMonitoringEnabled` (refused the same way:
 * Azure/azure-cli#31414), and `localMySqlEnabled`, a Windows App Service feature that @pulumi/azure-native
 * adds to every WebApp by itself.
 */
export const flexConsumptionRefusedSiteConfig = [
  'alwaysOn',
  'containerSize',
  'dnsConfiguration',
  'ftpsState',
  'functionAppScaleLimit',
  'functionsRuntimeScaleMonitoringEnabled',
  'isReserved',
  'isXenon',
  'javaVersion',
  'linuxFxVersion',
  'localMySqlEnabled',
  'netFrameworkVersion',
  'powerShellVersion',
  'preWarmedInstanceCount',
  'use32BitWorkerProcess',
  'vnetBackupRestoreEnabled',
  'vnetContentShareEnabled',
  'vnetImagePullEnabled',
  'vnetRouteAllEnabled',
  'windowsFxVersion',
] as const;

/**
 * A resource transformation for the Function App: drops what Flex refuses from `siteConfig`. It has to be a
 * transformation: the WebApp constructor fills `netFrameworkVersion: 'v4.6'` and `localMySqlEnabled: false`
 * into `siteConfig` (`siteConfigArgsProvideDefaults`, `??`, so no value given in the args can keep them out),
 * and a `transformations` entry runs in the Resource constructor on exactly those filled-in inputs, before they
 * are sent. (The engine-side `transforms` option would do the same in a real deployment, but Pulumi's mocks
 * never run it, so no test could hold it.)
 */
export const withoutFlexRefusedSiteConfig: pulumi.ResourceTransformation = ({ props, opts }) => {
  if (props.siteConfig === undefined) return undefined;
  const siteConfig = pulumi.output(props.siteConfig).apply((config: Record<string, unknown> | undefined) => {
    if (!config) return config;
    const kept = { ...config };
    for (const property of flexConsumptionRefusedSiteConfig) delete kept[property];
    return kept;
  });
  return { props: { ...props, siteConfig }, opts };
};
