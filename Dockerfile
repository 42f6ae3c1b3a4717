# The engine, compiled with mypyc (setup.py). The Discord bot will take over the entry point
# when it lands; until then the image runs the engine's command line.
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY engine ./engine
RUN CARAVAN_COMPILE=1 pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --create-home caravan
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER caravan
WORKDIR /home/caravan
ENTRYPOINT ["python", "-m", "engine"]
CMD ["--help"]
