import 'reflect-metadata';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import type { RunningApp } from '@familyos/api';
import { QueryNames } from '../../../apps/api/src/platform/history-page.js';
import { DtoPipe } from '../../../apps/api/src/platform/validation.js';

/** Nest's RouteParamtypes.QUERY: the key of a `@Query()` argument in the route-arguments metadata. */
const QUERY = 4;

/**
 * Routes that read their query string from the raw URL rather than through `@Query()`: the OpenID callback
 * hands the provider's answer to openid-client whole (RFC 6749 §4.1.2 and RFC 9207 name these).
 */
const RAW_QUERY_READERS: Record<string, string[]> = {
  'GET /api/auth/oidc/callback': ['code', 'state', 'iss', 'error', 'error_description'],
};

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

/**
 * The query parameters each route reads, as `"METHOD /url"` → names, found in the controllers themselves: every
 * `@Query('name')`, for a whole-query `@Query(valid(Dto))` the properties that DTO validates, and for
 * `@Query(PAGE_QUERY)` (a QueryNames) the names it lists. A route that
 * starts reading a new parameter is fuzzed on it without anyone listing it.
 */
export function queryParamsByRoute(running: RunningApp): Map<string, string[]> {
  const found = new Map<string, string[]>(Object.entries(RAW_QUERY_READERS));
  for (const module of running.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (method === undefined || path === undefined) continue;
        const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArg>);
        const params = args
          .filter(([key]) => Number(key.split(':')[0]) === QUERY)
          .flatMap(([, arg]) => (typeof arg.data === 'string' ? [arg.data] : (arg.pipes ?? []).flatMap(dtoProperties)));
        if (params.length === 0) continue;
        for (const sub of [path].flat()) {
          const url = '/' + [base, sub].flatMap((p) => p.split('/')).filter(Boolean).join('/');
          found.set(`${RequestMethod[method]} ${url}`, [...new Set(params)]);
        }
      }
    }
  }
  return found;
}

function dtoProperties(pipe: unknown): string[] {
  if (pipe instanceof QueryNames) return [...pipe.names];
  if (!(pipe instanceof DtoPipe)) return [];
  return getMetadataStorage()
    .getTargetValidationMetadatas(pipe.dto as new () => object, '', true, false)
    .map((m) => m.propertyName);
}
