import { IsOptional, IsString, Matches } from 'class-validator';

export class NotificationsEnv {
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsOptional()
  @IsString()
  MAIL_FROM: string = 'PayMarket <no-reply@paymarket.local>';
}
