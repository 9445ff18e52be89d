export { OfflineBanner, type OfflineBannerProps, useOnlineStatus } from './offline-banner';
