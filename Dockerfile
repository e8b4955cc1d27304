# The portal as a container image (docs/deployment.md). The web client and the server are built
# into the image; process 1 is the compiled server. Build: docker build -t lms .
# Run: docker run -p 8080:8080 -v lms-data:/var/lib/lms -e DATABASE_URL=postgres://… lms
FROM node:22-bookworm-slim

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

# The load balancer's check (docs/areas/health.md): 200 while the server takes work.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# The compiled server is process 1 (no npm, no launcher): `docker stop` sends it SIGTERM, and it
# drains (SHUTDOWN_DRAIN_MS) and lets the requests in flight finish (SHUTDOWN_GRACE_MS, 10 s), so give
# it more than their sum (`docker stop -t 30`, `stop_grace_period: 30s`).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "server/build/server.mjs"]
