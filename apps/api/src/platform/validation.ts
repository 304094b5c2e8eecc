import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ClassConstructor } from 'class-transformer';
import { validateDto, type ValidateOptions } from '@familyos/contracts';
import { DomainError } from '@familyos/domain';

/** Validates a body with a libs/contracts DTO: 400 with SPEC §5's message and per-field details. */
@Injectable()
export class DtoPipe<T extends object> implements PipeTransform<unknown, Promise<T>> {
  constructor(
    readonly dto: ClassConstructor<T>,
    private readonly options: ValidateOptions = {},
  ) {}

  async transform(value: unknown): Promise<T> {
    const result = await validateDto(this.dto, value ?? {}, this.options);
    if (!result.ok) throw new DomainError('invalid', result.message, result.details);
    return result.value;
  }
}

export const valid = <T extends object>(dto: ClassConstructor<T>, options?: ValidateOptions) => new DtoPipe(dto, options);
