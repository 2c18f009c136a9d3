import { initializeIcons } from '@fluentui/react';

// Fluent's icon fonts, registered once by the first module that shows icons (the signed-in shell, a
// message bar). They come from this site (see vite.config.ts), not from Microsoft's CDN. The sign-in
// page shows no icon and so does not load the icon registry.
initializeIcons('/fonts/', { disableWarnings: true });
