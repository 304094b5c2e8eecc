import { Inject, Injectable } from '@nestjs/common';
import type { ProjectionProgress } from '@familyos/projections';
import { ProjectionLagError, requestContext } from './request-context.js';
import { PROJECTION_PROGRESS } from './tokens.js';
import { READ_YOUR_WRITES_TIMEOUT_MS } from './consistency.interceptor.js';

/** Lets a command endpoint answer with read-model views that already include what it just wrote. */
@Injectable()
export class ReadYourWrites {
  constructor(@Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress) {}

  async settle(): Promise<void> {
    const position = requestContext.getStore()?.writtenPosition ?? 0;
    if (position > 0 && !(await this.progress.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS))) throw new ProjectionLagError();
  }
}
