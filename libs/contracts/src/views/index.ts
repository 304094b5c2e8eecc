/**
 * Every shape the API answers, declared once: the API's presenters return these types and the web app reads
 * them. Types only: importing them costs the browser nothing.
 */
export type * from './members.js';
export type * from './tasks.js';
export type * from './chores.js';
export type * from './streaks.js';
export type * from './points.js';
export type * from './family.js';
export type * from './board.js';
export type * from './calendar.js';
export type * from './reports.js';
export type * from './invites.js';
export type * from './standings.js';
export type * from './debug.js';
export type * from './notifications.js';
export type * from './push.js';
export type * from './push-settings.js';
export type * from './email.js';
