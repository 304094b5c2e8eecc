import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, ValidateIf } from 'class-validator';
import { CALENDAR_CATEGORIES, CALENDAR_COLORS, CALENDAR_RECURRENCES, limits } from '../limits.js';
import { messages } from '../messages.js';
import { DateInBounds, OptionalText, RequiredText } from './fields.js';

/** An empty string means "none" for the optional dates and the assignee, as a cleared form field sends it. */
const EmptyAsNull = () => Transform(({ value }) => (value === '' ? null : value));
const present = (v: unknown) => v !== null && v !== undefined;

export const CALENDAR_COLOR_HEXES = CALENDAR_COLORS.map((c) => c.hex);

/**
 * POST /api/calendar-events and PUT /api/calendar-events/{id} (SPEC §7: PUT sends the whole event). Dates are
 * ISO 8601; one without an offset is read as a wall-clock time in the family's time zone.
 */
export class CalendarEventDto {
  @RequiredText(limits.calendar.titleMax, messages.eventTitleRequired, messages.eventTitleTooLong)
  title!: string;

  @OptionalText(limits.calendar.descriptionMax, messages.eventDescriptionTooLong)
  description?: string;

  /** A member of the family, or null for nobody in particular. */
  @EmptyAsNull()
  @ValidateIf((_, v) => present(v))
  @IsString({ message: messages.eventAssignee })
  assignedTo?: string | null;

  @IsNotEmpty({ message: messages.eventStartRequired })
  @IsISO8601({ strict: true }, { message: messages.eventStartInvalid })
  @DateInBounds()
  startDate!: string;

  @EmptyAsNull()
  @ValidateIf((_, v) => present(v))
  @IsISO8601({ strict: true }, { message: messages.eventDateInvalid })
  @DateInBounds()
  endDate?: string | null;

  @IsOptional()
  @IsBoolean()
  allDay?: boolean = false;

  @IsOptional()
  @IsIn(CALENDAR_CATEGORIES, { message: messages.eventCategory })
  category?: (typeof CALENDAR_CATEGORIES)[number] = 'Other';

  /** One of SPEC §9's eight colours, in any case; stored upper-case. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsIn(CALENDAR_COLOR_HEXES, { message: messages.eventColor })
  color?: string = limits.calendar.defaultColor;

  @IsOptional()
  @IsBoolean()
  isRecurring?: boolean = false;

  /** Required when isRecurring; ignored (stored as null) otherwise. */
  @EmptyAsNull()
  @ValidateIf((o: CalendarEventDto) => o.isRecurring === true)
  @IsIn(CALENDAR_RECURRENCES, { message: messages.eventRecurringTypeRequired })
  recurringType?: (typeof CALENDAR_RECURRENCES)[number] | null;

  /** The last day an occurrence may start on (inclusive), or null to repeat forever. */
  @EmptyAsNull()
  @ValidateIf((_, v) => present(v))
  @IsISO8601({ strict: true }, { message: messages.eventDateInvalid })
  @DateInBounds()
  recurringEndDate?: string | null;
}

/**
 * GET /api/calendar-events?startDate&endDate: both required ISO 8601. That the end is after the start and
 * at most limits.calendar.maxWindowDays later is checked where the family's time zone is known (the query).
 */
export class CalendarWindowQueryDto {
  @IsNotEmpty({ message: messages.calendarWindow })
  @IsISO8601({ strict: true }, { message: messages.calendarWindow })
  @DateInBounds()
  startDate!: string;

  @IsNotEmpty({ message: messages.calendarWindow })
  @IsISO8601({ strict: true }, { message: messages.calendarWindow })
  @DateInBounds()
  endDate!: string;
}
