import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CURRENCIES, limits, WEEKDAYS } from '../limits.js';
import { messages } from '../messages.js';
import { Trim } from './transforms.js';

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
  @Trim()
  @IsString({ message: messages.rewardNameRequired })
  @IsNotEmpty({ message: messages.rewardNameRequired })
  @MaxLength(limits.reward.nameMax, { message: messages.rewardNameRequired })
  name!: string;

  @IsInt({ message: messages.rewardCost })
  @Min(limits.reward.costMin, { message: messages.rewardCost })
  @Max(limits.reward.costMax, { message: messages.rewardCost })
  cost!: number;

  @IsOptional()
  @IsString({ message: messages.templateEmoji })
  @MaxLength(16, { message: messages.templateEmoji })
  emoji?: string;
}

export class TaskTemplateDto {
  @Trim()
  @IsString({ message: messages.templateTitleRequired })
  @IsNotEmpty({ message: messages.templateTitleRequired })
  @MaxLength(limits.task.titleMax, { message: messages.taskTitleTooLong })
  title!: string;

  @IsOptional()
  @Trim()
  @IsString({ message: messages.taskDescriptionTooLong })
  @MaxLength(limits.task.descriptionMax, { message: messages.taskDescriptionTooLong })
  description?: string;

  @IsInt({ message: messages.templatePoints })
  @Min(limits.template.pointsMin, { message: messages.templatePoints })
  @Max(limits.template.pointsMax, { message: messages.templatePoints })
  points!: number;

  @IsOptional()
  @IsString({ message: messages.templateEmoji })
  @MaxLength(16, { message: messages.templateEmoji })
  emoji?: string;
}

/** PUT /api/family: any subset of the settings; absent fields stay as they are. */
export class UpdateFamilyDto {
  @IsOptional()
  @Trim()
  @IsString({ message: messages.familyNameRequired })
  @IsNotEmpty({ message: messages.familyNameRequired })
  @MaxLength(limits.familyNameMax, { message: messages.familyNameTooLong })
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

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => RewardDto)
  rewards?: RewardDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TaskTemplateDto)
  taskTemplates?: TaskTemplateDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true, message: messages.systemTemplateUnknown })
  hiddenSystemTemplates?: string[];
}
