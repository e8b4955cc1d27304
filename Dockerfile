# The portal as a container image (docs/deployment.md). The web client and the server are built
# into the image, so a start only checks their stamps. Build: docker build -t lms .
# Run: docker run -p 8080:8080 -v lms-data:/var/lib/lms -e DATABASE_URL=postgres://… lms
FROM node:20-bookworm-slim

# PostgreSQL's client tools for `npm run backup` and `npm run restore` on PostgreSQL (docs/deployment.md#backups):
# Debian 12's are version 15, for a PostgreSQL 15 server; a newer server needs its own version's tools.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# In a container the published port is the way in: listen on every interface of the container.
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/lms \
    PAYMENT_PROVIDER=none
VOLUME /var/lib/lms
EXPOSE 8080

# `docker stop` sends SIGTERM to the launcher (process 1), which stops the server gracefully:
# requests in flight finish within SHUTDOWN_GRACE_MS (10 s), so give it more than that
# (`docker stop -t 30`, `stop_grace_period: 30s`).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
