import { Module, type DynamicModule } from '@nestjs/common';
import { LiveController } from './live/live.controller.js';
import { LiveFeed } from './live/live-feed.js';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import type { ProjectionProgress } from '@familyos/projections';
import {
  AddCommentHandler,
  DeleteAnnouncementHandler,
  DeleteCommentHandler,
  EditAnnouncementHandler,
  EditCommentHandler,
  PostAnnouncementHandler,
} from './announcements/announcement.handlers.js';
import { AnnouncementsController } from './announcements/announcements.controller.js';
import { AnnouncementsQueries } from './announcements/announcements.queries.js';
import { AssignFamilyHandler, DecideAccessRequestHandler, SignInOutsiderHandler } from './access/access-request.handlers.js';
import { FamilyFit } from './access/family-fit.js';
import { AccessRequestsQueries } from './admin/access-requests.queries.js';
import { AdminController } from './admin/admin.controller.js';
import { AuditController } from './audit/audit.controller.js';
import { AuditQueries } from './audit/audit.queries.js';
import { DemoAccountsQueries } from './auth/demo-accounts.queries.js';
import { AuthController, DebugController } from './auth/auth.controller.js';
import { AuthGuard } from './auth/auth.guard.js';
import { HubClient } from './auth/hub/hub-client.js';
import { HubLoginController } from './auth/hub/hub-login.controller.js';
import { MembersRepository } from './auth/members-repository.js';
import { OidcClient } from './auth/oidc/oidc-client.js';
import { OidcController } from './auth/oidc/oidc.controller.js';
import { SignInRateLimiter } from './auth/rate-limit.js';
import { RegisterFamilyHandler } from './auth/register.handler.js';
import { SessionDirectory } from './auth/session-directory.js';
import { SessionsService } from './auth/sessions.service.js';
import { SuperuserBootstrap } from './auth/superuser.js';
import { CreateCalendarEventHandler, DeleteCalendarEventHandler, UpdateCalendarEventHandler } from './calendar/calendar-event.handlers.js';
import { CalendarController } from './calendar/calendar.controller.js';
import { CalendarQueries } from './calendar/calendar.queries.js';
import type { AppConfig } from './config.js';
import { DemoFamilySeeder } from './demo/demo-family.js';
import { ExportsController } from './exports/exports.controller.js';
import { ExportsQueries } from './exports/exports.queries.js';
import { FamilyController } from './family/family.controller.js';
import { FamilyQueries } from './family/family.queries.js';
import { CreateInviteHandler, DeactivateInviteHandler, JoinFamilyHandler } from './invites/invite.handlers.js';
import { FamilyInvitesController, JoinFamilyController } from './invites/invites.controller.js';
import { InvitesQueries } from './invites/invites.queries.js';
import { UpdateFamilyHandler } from './family/update-family.handler.js';
import { AddMemberHandler, UpdateMemberHandler } from './members/member.handlers.js';
import { MembersController } from './members/members.controller.js';
import { CreateSignInLinkHandler, UseSignInLinkHandler } from './members/sign-in-link.handlers.js';
import { SignInLinksController } from './members/sign-in-links.controller.js';
import { SignInLinksQueries } from './members/sign-in-links.queries.js';
import { Passwords } from './auth/passwords.js';
import { MergeHubProfileHandler } from './auth/hub/merge-hub-profile.handler.js';
import { MembersQueries } from './members/members.queries.js';
import { CommandRunner } from './platform/command-runner.js';
import { ConsistencyInterceptor, interceptWrites, PositionGate } from './platform/consistency.interceptor.js';
import { HttpErrorFilter } from './platform/http-errors.js';
import { IdempotencyInterceptor, IdempotentRequests } from './platform/idempotency.js';
import { ReadYourWrites } from './platform/read-your-writes.js';
import { KeptAnswers } from './platform/kept-answers.js';
import { CLOCK, CONFIG, EVENT_STORE, IDEMPOTENCY_RECORDS, PROJECTION_PROGRESS, READ_MODELS, WEB_INDEX_HTML, type Clock } from './platform/tokens.js';
import type { IdempotencyRecords } from './platform/idempotency-records.js';
import { BLOB_STORE } from './platform/tokens.js';
import type { BlobStore } from './photos/blob-store.js';
import { PhotosController } from './photos/photos.controller.js';
import { PhotosQueries } from './photos/photos.queries.js';
import { UploadPhotoHandler } from './photos/upload-photo.handler.js';
import { AccountContextLoader } from './points/account-context.js';
import { IssuePointsHandler } from './points/issue-points.handler.js';
import { PointsController } from './points/points.controller.js';
import { PointsQueries } from './points/points.queries.js';
import { RequestRedemptionHandler } from './redemptions/request-redemption.handler.js';
import { ReviewRedemptionHandler } from './redemptions/review-redemption.handler.js';
import { RedemptionsController } from './redemptions/redemptions.controller.js';
import { RedemptionsQueries } from './redemptions/redemptions.queries.js';
import { GenerateWeeklyReportHandler } from './reports/generate-report.handler.js';
import { ReportScheduleService } from './reports/report-schedule.service.js';
import { Reactors } from './platform/reactors.js';
import { ReportsController } from './reports/reports.controller.js';
import { ReportsQueries } from './reports/reports.queries.js';
import { CreateTaskHandler } from './tasks/create-task.handler.js';
import { SkipTaskHandler } from './tasks/skip-task.handler.js';
import { ChangeChoreHandler, CreateChoreHandler } from './chores/chore.handlers.js';
import { ChoresController } from './chores/chores.controller.js';
import { ChoresQueries } from './chores/chores.queries.js';
import { ChoreClock } from './chores/chore-clock.service.js';
import { ChoreReactors } from './chores/chore.reactors.js';
import { EndPauseHandler, PauseChildHandler } from './members/pause.handlers.js';
import { DeleteTaskHandler } from './tasks/delete-task.handler.js';
import { EditTaskHandler } from './tasks/edit-task.handler.js';
import { ReverseTaskHandler } from './tasks/reverse-task.handler.js';
import { ReviewTaskHandler } from './tasks/review-task.handler.js';
import { SubmitTaskHandler } from './tasks/submit-task.handler.js';
import { TasksController } from './tasks/tasks.controller.js';
import { StandingsController } from './standings/standings.controller.js';
import { StandingsQueries } from './standings/standings.queries.js';
import { StreaksController } from './streaks/streaks.controller.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationsQueries } from './notifications/notifications.queries.js';
import { ReadNotificationsHandler } from './notifications/read-notifications.handler.js';
import { StreaksQueries } from './streaks/streaks.queries.js';
import { PushController } from './push/push.controller.js';
import { PushDeliveries } from './push/push-delivery.reactor.js';
import { ChangePushSubscriptionHandler, RequestTestPushHandler } from './push/push.handlers.js';
import { PushQueries } from './push/push.queries.js';
import { PushSender } from './push/push-sender.js';
import { PushTestLimit } from './push/push-test-limit.js';
import { LiveOpenLimit } from './live/live-open-limit.js';
import { OutboundGuard } from './platform/outbound/outbound-guard.js';
import { VapidKeys } from './push/vapid-keys.js';
import { SystemAdminController } from './system-admin/system-admin.controller.js';
import { SystemAdminQueries } from './system-admin/system-admin.queries.js';
import { TasksQueries } from './tasks/tasks.queries.js';
import { DailyDigests } from './mail/daily-digest.service.js';
import { EmailConfirmationMails } from './mail/email-confirmation-mail.reactor.js';
import { Mail } from './mail/mail.js';
import { MailDeliveries } from './mail/mail-deliveries.js';
import { MAIL_TRANSPORT } from './mail/mail-transport.js';
import { SmtpMailTransport } from './mail/smtp-mail-transport.js';
import { WeeklyReportMails } from './mail/weekly-report-mail.reactor.js';
import { EmailConfirmationController } from './members/email-confirmation.controller.js';
import { ChangeEmailHandler, ConfirmEmailHandler, RequestEmailConfirmationHandler } from './members/email.handler.js';

export interface Infrastructure {
  config: AppConfig;
  indexHtml: string | null;
  events: EventStore;
  readModels: ReadModelStore;
  progress: ProjectionProgress;
  clock: Clock;
  /** Uploaded photos' bytes. */
  blobs: BlobStore;
  /** The records of requests sent with an Idempotency-Key (decision 045). */
  idempotency: IdempotencyRecords;
}

const commandHandlers = [
  RegisterFamilyHandler,
  UpdateFamilyHandler,
  AddMemberHandler,
  UpdateMemberHandler,
  IssuePointsHandler,
  CreateTaskHandler,
  SubmitTaskHandler,
  ReviewTaskHandler,
  EditTaskHandler,
  DeleteTaskHandler,
  ReverseTaskHandler,
  SkipTaskHandler,
  CreateChoreHandler,
  ChangeChoreHandler,
  PauseChildHandler,
  EndPauseHandler,
  ChangeEmailHandler,
  RequestEmailConfirmationHandler,
  ConfirmEmailHandler,
  RequestRedemptionHandler,
  ReviewRedemptionHandler,
  ReadNotificationsHandler,
  ChangePushSubscriptionHandler,
  RequestTestPushHandler,
  PostAnnouncementHandler,
  AddCommentHandler,
  EditAnnouncementHandler,
  DeleteAnnouncementHandler,
  EditCommentHandler,
  DeleteCommentHandler,
  UploadPhotoHandler,
  CreateCalendarEventHandler,
  UpdateCalendarEventHandler,
  DeleteCalendarEventHandler,
  GenerateWeeklyReportHandler,
  SignInOutsiderHandler,
  DecideAccessRequestHandler,
  AssignFamilyHandler,
  CreateInviteHandler,
  DeactivateInviteHandler,
  JoinFamilyHandler,
  CreateSignInLinkHandler,
  UseSignInLinkHandler,
  MergeHubProfileHandler,
];

/** The ports arrive already opened (main.ts or a test), so the module itself never decides an adapter. */
@Module({})
export class AppModule {
  static with(infra: Infrastructure): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: interceptWrites([
        AuthController,
        DebugController,
        OidcController,
        FamilyController,
        MembersController,
        EmailConfirmationController,
        PointsController,
        TasksController,
        ChoresController,
        RedemptionsController,
        AuditController,
        StandingsController,
        StreaksController,
        NotificationsController,
        PushController,
        AnnouncementsController,
        PhotosController,
        CalendarController,
        ReportsController,
        ExportsController,
        HubLoginController,
        AdminController,
        SystemAdminController,
        FamilyInvitesController,
        JoinFamilyController,
        SignInLinksController,
        LiveController,
      ]),
      providers: [
        { provide: CONFIG, useValue: infra.config },
        { provide: WEB_INDEX_HTML, useValue: infra.indexHtml },
        { provide: EVENT_STORE, useValue: infra.events },
        { provide: READ_MODELS, useValue: infra.readModels },
        { provide: PROJECTION_PROGRESS, useValue: infra.progress },
        { provide: CLOCK, useValue: infra.clock },
        { provide: BLOB_STORE, useValue: infra.blobs },
        { provide: IDEMPOTENCY_RECORDS, useValue: infra.idempotency },
        { provide: MAIL_TRANSPORT, useValue: infra.config.mail ? new SmtpMailTransport(infra.config.mail.smtpUrl, infra.config.mail.from) : null },
        // In this order: an unknown caller is refused before it could wait for a position.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: PositionGate },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        ConsistencyInterceptor,
        CommandRunner,
        LiveFeed,
        ReadYourWrites,
        KeptAnswers,
        IdempotentRequests,
        IdempotencyInterceptor,
        SessionsService,
        SessionDirectory,
        MembersRepository,
        { provide: Passwords, useValue: new Passwords(infra.config.passwordCost) },
        { provide: SignInRateLimiter, useValue: new SignInRateLimiter({ perAddress: infra.config.signInLimitPerAddress }) },
        HubClient,
        FamilyFit,
        AccessRequestsQueries,
        SystemAdminQueries,
        OidcClient,
        SuperuserBootstrap,
        DemoFamilySeeder,
        AccountContextLoader,
        FamilyQueries,
        MembersQueries,
        PointsQueries,
        TasksQueries,
        ChoresQueries,
        ChoreClock,
        ChoreReactors,
        RedemptionsQueries,
        AnnouncementsQueries,
        CalendarQueries,
        ReportsQueries,
        InvitesQueries,
        AuditQueries,
        DemoAccountsQueries,
        ExportsQueries,
        StandingsQueries,
        StreaksQueries,
        NotificationsQueries,
        PushQueries,
        VapidKeys,
        OutboundGuard,
        PushTestLimit,
        LiveOpenLimit,
        PushSender,
        PushDeliveries,
        PhotosQueries,
        ReportScheduleService,
        Reactors,
        MailDeliveries,
        WeeklyReportMails,
        EmailConfirmationMails,
        DailyDigests,
        Mail,
        SignInLinksQueries,
        ...commandHandlers,
      ],
    };
  }
}
