import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Matches,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CURRENCIES, limits, WEEKDAYS } from '../limits.js';
import { messages } from '../messages.js';
import { EmojiField, IntInRange, ListOf, RequiredText, TaskDescription, TaskTitle } from './fields.js';

export class PointSettingsDto {
  @IsOptional()
  @IsBoolean()
  allowNegative?: boolean;

  @IsOptional()
  @IsNumber({}, { message: messages.interestRate })
  @Min(limits.interestRate.min, { message: messages.interestRate })
  @Max(limits.interestRate.max, { message: messages.interestRate })
  interestRate?: number;

  @IsOptional()
  @IsIn(CURRENCIES, { message: messages.currency })
  currency?: (typeof CURRENCIES)[number];
}

export class RewardDto {
  @RequiredText(limits.reward.nameMax, messages.rewardNameRequired)
  name!: string;

  @IntInRange(limits.reward.costMin, limits.reward.costMax, messages.rewardCost)
  cost!: number;

  @EmojiField(messages.templateEmoji)
  emoji?: string;
}

export class TaskTemplateDto {
  @TaskTitle(messages.templateTitleRequired)
  title!: string;

  @TaskDescription()
  description?: string;

  @IntInRange(limits.template.pointsMin, limits.template.pointsMax, messages.templatePoints)
  points!: number;

  @EmojiField(messages.templateEmoji)
  emoji?: string;
}

export class StreakMilestoneDto {
  @IntInRange(1, limits.chore.milestoneStreakMax, messages.streakMilestone)
  streak!: number;

  @IntInRange(1, limits.chore.milestonePointsMax, messages.streakMilestone)
  points!: number;
}

/** What the family's repeating chores do (issue 19): either field may be left out (it stays as it is). */
export class ChoreSettingsDto {
  @IsOptional()
  @IsIn(['nothing', 'deduct'], { message: messages.missedChore })
  missedChore?: 'nothing' | 'deduct';

  @IsOptional()
  @IsArray({ message: messages.streakMilestone })
  @ArrayMaxSize(limits.chore.milestonesMax, { message: messages.streakMilestonesTooMany })
  @ValidateNested({ each: true })
  @Type(() => StreakMilestoneDto)
  streakMilestones?: StreakMilestoneDto[];

  /** 'HH:MM' in the family's time zone, or null: no reminders. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: messages.reminderTime })
  reminderTime?: string | null;
}

/** PUT /api/family: any subset of the settings; absent fields stay as they are. */
export class UpdateFamilyDto {
  @IsOptional()
  @RequiredText(limits.familyNameMax, messages.familyNameRequired, messages.familyNameTooLong)
  name?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => PointSettingsDto)
  pointSettings?: PointSettingsDto;

  @IsOptional()
  @IsIn(WEEKDAYS, { message: messages.weeklyReportDay })
  weeklyReportDay?: (typeof WEEKDAYS)[number];

  @IsOptional()
  @IsString({ message: messages.timeZone })
  timeZone?: string;

  /** SPEC §7's names-only form; the server keeps known costs and defaults the rest (DESIGN §5). */
  @IsOptional()
  @IsArray({ message: messages.rewardNameRequired })
  @ArrayMaxSize(50)
  @IsString({ each: true, message: messages.rewardNameRequired })
  @IsNotEmpty({ each: true, message: messages.rewardNameRequired })
  @MaxLength(limits.reward.nameMax, { each: true, message: messages.rewardNameRequired })
  redemptionOptions?: string[];

  @ListOf(() => RewardDto, 50)
  rewards?: RewardDto[];

  @ListOf(() => TaskTemplateDto, 100)
  taskTemplates?: TaskTemplateDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true, message: messages.systemTemplateUnknown })
  hiddenSystemTemplates?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => ChoreSettingsDto)
  choreSettings?: ChoreSettingsDto;
}
