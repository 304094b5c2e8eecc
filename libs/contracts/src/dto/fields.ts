import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  isURL,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { limits, withinDateBounds } from '../limits.js';
import { messages } from '../messages.js';
import { Trim } from './transforms.js';

/**
 * Several property decorators as one, applied exactly as if they were stacked in this order above the property
 * (the last one first). The order matters: validateDto answers the message of the first one declared that fails.
 * Written here because this package also runs in the browser and may not depend on @nestjs/common.
 */
export function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (let i = decorators.length - 1; i >= 0; i--) decorators[i]!(target, property);
  };
}

/** Trimmed text that must not be empty, at most `max` characters. */
export const RequiredText = (max: number, required: string, tooLong = required) =>
  compose(
    Trim(),
    IsString({ message: required }),
    IsNotEmpty({ message: required }),
    MaxLength(max, { message: tooLong }),
  );

/** Trimmed text that may be left out, at most `max` characters. */
export const OptionalText = (max: number, message: string) =>
  compose(IsOptional(), Trim(), IsString({ message }), MaxLength(max, { message }));

/** An integer from `min` to `max` inclusive, one message for every way of missing. */
export const IntInRange = (min: number, max: number, message: string) =>
  compose(IsInt({ message }), Min(min, { message }), Max(max, { message }));

/** A task's title; a template's says "required" in its own words. */
export const TaskTitle = (required: string = messages.taskTitleRequired) =>
  RequiredText(limits.task.titleMax, required, messages.taskTitleTooLong);

/** A task's (or template's) optional description. */
export const TaskDescription = () => OptionalText(limits.task.descriptionMax, messages.taskDescriptionTooLong);

/** A task's points: a whole number from limits.task.pointsMin to pointsMax, each bound with its own message. */
export const PointsValue = () =>
  compose(
    IsInt({ message: messages.taskPointsNumber }),
    Min(limits.task.pointsMin, { message: messages.taskPointsTooLow }),
    Max(limits.task.pointsMax, { message: messages.taskPointsTooHigh }),
  );

/** An optional emoji (a reward's, a template's, a member's avatar) within limits.emojiMaxUnits; `notEmpty` refuses "". */
export const EmojiField = (message: string, { notEmpty = false } = {}) =>
  compose(
    IsOptional(),
    IsString({ message }),
    ...(notEmpty ? [IsNotEmpty({ message })] : []),
    MaxLength(limits.emojiMaxUnits, { message }),
  );

/** A display name: trimmed, not empty, at most limits.displayNameMax characters. */
export const DisplayName = (required: string = messages.displayNameRequired) =>
  RequiredText(limits.displayNameMax, required, messages.displayNameTooLong);

/** A new username (register, join): letters, digits and `_.-`, within limits.username. */
export const NewUsername = () =>
  compose(
    Trim(),
    IsString({ message: messages.usernameFormat }),
    Length(limits.username.min, limits.username.max, { message: messages.usernameFormat }),
    Matches(limits.username.pattern, { message: messages.usernameFormat }),
  );

/** A new password: a string within limits.password. */
export const NewPassword = () =>
  compose(
    IsString({ message: messages.passwordLength }),
    Length(limits.password.min, limits.password.max, { message: messages.passwordLength }),
  );

/**
 * A date a client sends, within limits.dates' years. Declared after the field's own format check, which names a
 * value that is no date at all; this one passes anything that is not a string to it.
 */
export const DateInBounds = () =>
  ValidateBy({
    name: 'dateInBounds',
    validator: { validate: (value) => typeof value !== 'string' || withinDateBounds(value), defaultMessage: () => messages.dateYears },
  });

/** An optional list of at most `max` nested DTOs, each validated as its class. */
export const ListOf = (dto: () => new () => object, max: number) =>
  compose(IsOptional(), IsArray(), ArrayMaxSize(max), ValidateNested({ each: true }), Type(dto));

const WEBSITE = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** SPEC §3 websiteUrl: an http(s) address of at most limits.websiteMax characters; never `javascript:` or another scheme. */
export const isWebsiteUrl = (value: string) => value.length <= limits.websiteMax && isURL(value, WEBSITE);

/** SPEC §3 websiteUrl: empty (none), or an http(s) address; never `javascript:` or any other scheme. */
export const WebsiteUrl = () =>
  compose(
    IsOptional(),
    Trim(),
    IsString({ message: messages.websiteUrl }),
    ValidateIf((_o, value) => value !== ''),
    MaxLength(limits.websiteMax, { message: messages.websiteUrl }),
    IsUrl(WEBSITE, { message: messages.websiteUrl }),
  );
