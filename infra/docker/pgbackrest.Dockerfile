# syntax=docker/dockerfile:1
# The pgBackRest image of the Kubernetes repository host and backup CronJobs (infra/k8s/base/backup/, ADR 0068):
# Debian's pgbackrest, the same package and version as on the database host (pgBackRest requires equal versions on
# both ends). Build: docker build -f infra/docker/pgbackrest.Dockerfile -t paymarket/pgbackrest:2.45-1 infra/docker
FROM debian:bookworm-slim
ARG PGBACKREST_VERSION=2.45-1
RUN apt-get update \
 && apt-get install -y --no-install-recommends "pgbackrest=${PGBACKREST_VERSION}" ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# Numeric, so Kubernetes can verify runAsNonRoot; owns the repository volume (fsGroup 1000).
RUN groupadd --gid 1000 pgbackrest && useradd --uid 1000 --gid 1000 --home-dir /var/lib/pgbackrest pgbackrest
USER 1000:1000
ENTRYPOINT []
