// class-transformer's decorators read Reflect metadata while the DTO modules load: whoever imports the DTOs
// (the api, the web app's lazy forms) gets the polyfill first. The domain imports `@familyos/contracts/rules` only.
import 'reflect-metadata';
export * from './limits.js';
export * from './messages.js';
export * from './catalog.js';
export * from './format.js';
export * from './notification-kinds.js';
export * from './validate.js';
export { isWebsiteUrl } from './dto/fields.js';
export * from './dto/auth.dto.js';
export * from './dto/points.dto.js';
export * from './dto/tasks.dto.js';
export * from './dto/chores.dto.js';
export * from './dto/redemptions.dto.js';
export * from './dto/members.dto.js';
export * from './dto/family.dto.js';
export * from './dto/calendar.dto.js';
export * from './dto/announcements.dto.js';
export * from './dto/invites.dto.js';
export * from './dto/admin.dto.js';
export * from './dto/notifications.dto.js';
export * from './dto/push.dto.js';
export type * from './views/index.js';
export * from './dto/email.dto.js';
