# FamilyOS: one image for the api (default command), the projector and the one-off projections rebuild.
# docker-compose.yml runs all three from it; docs/scaling.md explains the topology.
#
# Never built here: the machine this was written on has no Docker engine (docs/scaling.md, "What was and
# wasn't run here"). The steps are a fresh clone's: npm install, npm run build, then npm prune --omit=dev.
#
# There is no .dockerignore, so nothing below copies the whole tree: only manifests, tsconfig files and
# sources go in, never a local node_modules, dist or data directory.

FROM node:20-bookworm-slim AS build

# better-sqlite3 is compiled from source by node-gyp, which needs python3, make and g++.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Compile better-sqlite3 rather than fetch a prebuilt binary, against the Node headers this image ships in
# /usr/local/include/node (so node-gyp downloads nothing).
ENV npm_config_build_from_source=better-sqlite3 \
    npm_config_nodedir=/usr/local

# Manifests first: the dependency layer is rebuilt only when one of them changes. npm wants every
# workspace the lockfile lists (libs/testing included, although nothing at run time uses it).
COPY package.json package-lock.json ./
COPY libs/events/package.json libs/events/
COPY libs/contracts/package.json libs/contracts/
COPY libs/domain/package.json libs/domain/
COPY libs/event-store/package.json libs/event-store/
COPY libs/read-models/package.json libs/read-models/
COPY libs/scheduler/package.json libs/scheduler/
COPY libs/reactors/package.json libs/reactors/
COPY libs/projections/package.json libs/projections/
COPY libs/storage/package.json libs/storage/
COPY libs/testing/package.json libs/testing/
COPY apps/projector/package.json apps/projector/
COPY apps/api/package.json apps/api/

# The npm in this image (10.x) ignores package.json "allowScripts", so the allowlist is applied by hand:
# no install scripts, then better-sqlite3's (the only one allowed there) alone. `npm install`, not `npm ci`:
# the lock does not list other platforms' optional binaries (see scripts/setup.mjs), which npm ci refuses.
RUN npm install --ignore-scripts --no-audit --no-fund \
 && npm rebuild better-sqlite3

# Sources of the packages `npm run build` (tsc -b apps/api apps/projector) compiles. Spec files come along
# but each tsconfig.json excludes them.
COPY tsconfig.base.json ./
COPY libs/events/tsconfig.json libs/events/
COPY libs/events/src libs/events/src
COPY libs/contracts/tsconfig.json libs/contracts/
COPY libs/contracts/src libs/contracts/src
COPY libs/domain/tsconfig.json libs/domain/
COPY libs/domain/src libs/domain/src
COPY libs/event-store/tsconfig.json libs/event-store/
COPY libs/event-store/src libs/event-store/src
COPY libs/read-models/tsconfig.json libs/read-models/
COPY libs/read-models/src libs/read-models/src
COPY libs/scheduler/tsconfig.json libs/scheduler/
COPY libs/scheduler/src libs/scheduler/src
COPY libs/reactors/tsconfig.json libs/reactors/
COPY libs/reactors/src libs/reactors/src
COPY libs/projections/tsconfig.json libs/projections/
COPY libs/projections/src libs/projections/src
COPY libs/storage/tsconfig.json libs/storage/
COPY libs/storage/src libs/storage/src
COPY apps/projector/tsconfig.json apps/projector/
COPY apps/projector/src apps/projector/src
COPY apps/api/tsconfig.json apps/api/
COPY apps/api/src apps/api/src

RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund


FROM node:20-bookworm-slim AS runtime

ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data

WORKDIR /app

# Files stay owned by root: the node user can read the code but not change it.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
# node_modules/@familyos/* are symlinks to these folders: each needs its package.json and dist.
COPY --from=build /app/libs/events/package.json libs/events/
COPY --from=build /app/libs/events/dist libs/events/dist
COPY --from=build /app/libs/contracts/package.json libs/contracts/
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/domain/package.json libs/domain/
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/libs/event-store/package.json libs/event-store/
COPY --from=build /app/libs/event-store/dist libs/event-store/dist
COPY --from=build /app/libs/read-models/package.json libs/read-models/
COPY --from=build /app/libs/read-models/dist libs/read-models/dist
COPY --from=build /app/libs/scheduler/package.json libs/scheduler/
COPY --from=build /app/libs/scheduler/dist libs/scheduler/dist
COPY --from=build /app/libs/reactors/package.json libs/reactors/
COPY --from=build /app/libs/reactors/dist libs/reactors/dist
COPY --from=build /app/libs/projections/package.json libs/projections/
COPY --from=build /app/libs/projections/dist libs/projections/dist
COPY --from=build /app/libs/storage/package.json libs/storage/
COPY --from=build /app/libs/storage/dist libs/storage/dist
COPY --from=build /app/apps/projector/package.json apps/projector/
COPY --from=build /app/apps/projector/dist apps/projector/dist
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
# `node scripts/backup.mjs` / `restore.mjs` for a container run on the embedded stores (DATA_DIR on a volume).
COPY scripts/embedded-data.mjs scripts/backup.mjs scripts/restore.mjs scripts/

# DATA_DIR for the embedded mode (SQLite files). Mount a volume here, e.g.
# `docker run -v familyos-data:/data -p 3000:3000 <image>`; with EVENTSTORE_URL and MONGO_URL set it stays empty.
RUN mkdir -p /data && chown node:node /data

USER node

EXPOSE 3000

# Slim images have no curl: ask node's fetch. The endpoint touches no store, so this says "the api process
# is up and answering HTTP", not "KurrentDB and MongoDB are reachable". The projector and rebuild containers
# listen on nothing: docker-compose.yml turns this check off for them.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/auth/providers').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "apps/api/dist/main.js"]
