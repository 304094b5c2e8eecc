import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CalendarEventDto, CalendarWindowQueryDto } from '@familyos/contracts';
import type { Actor } from '@familyos/domain';
import { FamilyActor, Requires } from '../auth/auth.guard.js';
import { Idempotent } from '../platform/idempotency.js';
import { ReadYourWrites } from '../platform/read-your-writes.js';
import { valid } from '../platform/validation.js';
import { calendarInput, CreateCalendarEvent, DeleteCalendarEvent, UpdateCalendarEvent } from './calendar-event.handlers.js';
import { CalendarQueries } from './calendar.queries.js';

type FamilyMember = Actor & { familyId: string };

/** SPEC §7 "Announcements and calendar": the family's shared calendar. */
@Controller('api/calendar-events')
export class CalendarController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: CalendarQueries,
    private readonly ryw: ReadYourWrites,
  ) {}

  /** Every occurrence in [startDate, endDate), recurring events expanded, in the family's time zone. */
  @Get()
  list(@FamilyActor() actor: FamilyMember, @Query(valid(CalendarWindowQueryDto)) window: CalendarWindowQueryDto) {
    return this.queries.window(actor, window);
  }

  @Get(':id')
  one(@FamilyActor() actor: FamilyMember, @Param('id') id: string) {
    return this.queries.one(actor, id);
  }

  @Post()
  @HttpCode(201)
  @Requires('addCalendarEvents')
  @Idempotent()
  async create(@FamilyActor() actor: FamilyMember, @Body(valid(CalendarEventDto)) body: CalendarEventDto) {
    const { eventId } = await this.commands.execute(new CreateCalendarEvent(actor, calendarInput(body)));
    await this.ryw.settle();
    return this.queries.one(actor, eventId);
  }

  /** The whole event again (SPEC §7); the creator, the assignee, an admin or a superuser (decided by the decider). */
  @Put(':id')
  async update(@FamilyActor() actor: FamilyMember, @Param('id') id: string, @Body(valid(CalendarEventDto)) body: CalendarEventDto) {
    await this.commands.execute(new UpdateCalendarEvent(actor, id, calendarInput(body)));
    await this.ryw.settle();
    return this.queries.one(actor, id);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@FamilyActor() actor: FamilyMember, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new DeleteCalendarEvent(actor, id));
    await this.ryw.settle();
  }
}
