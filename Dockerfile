# syntax=docker/dockerfile:1
# Patch as one image: the web server, the worker and the release step (migrations) are the same
# artefact started with different commands (compose.yaml, fly.toml). ADR 067.
#
#   docker build -t patch .                      # on any host: the base is node:24-slim
#   podman build --build-arg BASE_IMAGE="$(scripts/container-base.sh)" -t patch .
#                                                # with no outside image registry (this project's CI)
#
# BASE_IMAGE must be Debian-like with Node 24 and npm on PATH and a `node` user (uid 1000), as
# node:24-slim is and as scripts/container-base.sh makes one from Debian's own packages.
ARG BASE_IMAGE=node:24-slim

# --- Production dependencies only: what the final image runs with. ----------------------------
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund --loglevel=error

# --- The build: all dependencies, then `npm run build` (the client bundle and the server bundle).
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build

# --- The image that runs: production dependencies, the build, and the files read at run time. --
FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
# Run on Node directly (type stripping): the boot files, the migration runner and its SQL, the
# settings and database modules it imports, and the content the pages read from disk.
COPY server ./server
COPY db ./db
COPY app ./app
COPY content ./content
COPY --from=build /app/build ./build
# The only places the process writes: V8's compile cache and (when MAIL_OUTBOX_DIR is set on
# purpose) the file outbox. The code itself stays owned by root, read-only to the app.
RUN mkdir -p node_modules/.cache .data \
 && chown node:node node_modules/.cache .data
USER node
EXPOSE 3000
# Liveness: the process answers. (Readiness, /api/health/ready, is for the load balancer.)
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "server/healthcheck.ts"]
# The web server; the worker is `npm run worker`, the release step `npm run db:migrate`.
CMD ["node", "server/index.ts"]
