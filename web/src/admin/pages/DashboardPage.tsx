import { Stack, Text } from '@fluentui/react';

/** The admin dashboard is a placeholder in the specification. */
export default function DashboardPage() {
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <Text as="h1" variant="xxLarge">
        dashboard
      </Text>
      <Text>Welcome to the movers portal. Choose clients or locations in the menu to get started.</Text>
    </Stack>
  );
}
