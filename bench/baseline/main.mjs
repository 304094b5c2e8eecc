// The baseline every server figure is a ratio against: a bare NestJS-on-Fastify app with one controller
// answering a constant JSON body. Same framework, adapter and Node flags as the api, logger off, so the
// ratio isolates what FamilyOS itself adds per request (guards, validation, queries, appends).
// Plain JavaScript (no decorators syntax): Nest's decorators are applied by hand.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

const BODY = { ok: true, name: 'baseline', items: [1, 2, 3] };

class BaselineController {
  baseline() {
    return BODY;
  }
}
Controller()(BaselineController);
const method = Object.getOwnPropertyDescriptor(BaselineController.prototype, 'baseline');
Get('baseline')(BaselineController.prototype, 'baseline', method);

class BaselineModule {}
Module({ controllers: [BaselineController] })(BaselineModule);

const app = await NestFactory.create(BaselineModule, new FastifyAdapter(), { logger: false, bodyParser: false });
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
const address = app.getHttpServer().address();
console.log(`baseline listening on http://127.0.0.1:${address.port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
