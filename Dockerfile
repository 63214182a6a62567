# The self-hoster's image: the built server and web app on Node.js, production dependencies only,
# run by an unprivileged user, everything it writes in the /data volume. Alone it runs on the
# embedded database in /data; compose.yaml runs it with PostgreSQL. Debian slim rather than Alpine:
# the native packages (sharp's libvips, argon2) then run the same glibc builds as the tests do.
ARG NODE_IMAGE=node:22-bookworm-slim

# The manifests alone, so that a change of sources reuses the installed dependencies.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's run-time dependencies. Our own packages are bundled into dist/main.js, so their
# workspace links go. Each OCR language package also carries a legacy model set four times the
# size of the LSTM-only `_best_int` one the recognizer reads (modules/ocr/recognizer.ts).
FROM manifests AS deps
RUN npm ci --omit=dev --workspace @household/server --no-audit --no-fund \
  && rm -rf node_modules/@household \
  && find node_modules/@tesseract.js-data -mindepth 2 -maxdepth 2 -type d ! -name '*_best_int' \
    -exec rm -rf {} + \
  && ls node_modules/@tesseract.js-data/*/*_best_int >/dev/null

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The program stays owned by root: the server can write only to /data.
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Created here, owned by the image's `node` user, so a new named volume starts out writable by it.
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# No curl in the slim image: Node's own fetch asks the health endpoint. The first start on the
# embedded database creates and migrates it, hence the start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm run serve`, without npm in between, so the server itself receives SIGTERM on stop.
CMD ["node", "--max-semi-space-size=2", "apps/server/dist/main.js"]
