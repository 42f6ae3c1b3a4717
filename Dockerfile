# The bot, with the engine compiled by mypyc (setup.py), as a non-root user; the database
# lives on the /data volume. Build and run:
#   docker build -t caravan-bot .
#   docker run -d --name caravan --env-file .env -v caravan-data:/data caravan-bot
# Register the slash commands once (and after changing them):
#   docker run --rm --env-file .env caravan-bot sync
# The bot serves /metrics, /healthz and /readyz on port 9464 (publish it with -p, or let
# Prometheus reach it on the container's network); Docker's health check asks /readyz.
# CARAVAN_METRICS_PORT= (empty) turns them off, and the health check with them.
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
RUN python -m venv /venv
ENV PATH=/venv/bin:$PATH
WORKDIR /app
COPY pyproject.toml setup.py README.md LICENSE ./
COPY engine ./engine
COPY bot ./bot
COPY assets ./assets
# Editable, so the bot finds assets/ beside its sources; compiled modules are built in place
# (the same install CI tests the compiled engine with).
RUN CARAVAN_COMPILE=1 pip install --no-cache-dir -e . \
    && python -c 'import engine.game as g, engine.ai.ismcts as s; assert not any(m.__file__.endswith(".py") for m in (g, s)), (g.__file__, s.__file__)'

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 caravan && mkdir /data && chown caravan:caravan /data
COPY --from=build /venv /venv
COPY --from=build /app /app
ENV PATH=/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    CARAVAN_DATABASE_PATH=/data/caravan.db \
    CARAVAN_METRICS_PORT=9464 \
    CARAVAN_METRICS_HOST=0.0.0.0
WORKDIR /app
USER caravan
VOLUME ["/data"]
EXPOSE 9464
# Healthy once every shard is connected to Discord and the database answers (/readyz); the
# slim image has no curl, so Python asks. Logging in every shard takes a while: start_period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; port = os.environ.get('CARAVAN_METRICS_PORT'); port and urllib.request.urlopen(f'http://127.0.0.1:{port}/readyz', timeout=3)"]
ENTRYPOINT ["caravan-bot"]
CMD ["run"]
