import { loadConfig, type ServiceDefinition } from '@paymarket/platform';
import { NotificationsEnv } from './config/notifications-env.js';
import { NotificationsModule } from './notifications.module.js';

export { NotificationsModule };
export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  module: (config) => {
    const env = loadConfig(NotificationsEnv);
    return NotificationsModule.forRoot(config, { smtpUrl: env.SMTP_URL || undefined, mailFrom: env.MAIL_FROM });
  },
};
