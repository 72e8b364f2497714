# syntax=docker/dockerfile:1
# Multi-stage build of every command under cmd/ (propertyapi, indexer, keyctl, ...).
# Used by docker-compose.yml for the `indexer` job and the `api` service.

FROM golang:1.26 AS build
WORKDIR /src
ENV CGO_ENABLED=0 GOFLAGS=-buildvcs=false
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN mkdir -p /out && go build -trimpath -ldflags="-s -w" -o /out/ ./cmd/...

FROM debian:12-slim
# curl is for container health checks.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /app app \
 && mkdir -p /app /data && chown app /app /data
COPY --from=build /out/ /usr/local/bin/
USER app
WORKDIR /app
ENV LISTEN_ADDR=:8080 LOG_LEVEL=info
EXPOSE 8080
CMD ["propertyapi"]
