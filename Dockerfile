# 双升 Tractor bot: python bot.py run in a slim Python 3.11 image, as a non-root user, the database on a volume.
#   docker build -t tractor-bot .
#   docker run -d --name tractor --env-file .env -v tractor-data:/data tractor-bot
# (docs/DEPLOY.md; compose.yaml does the same). Only requirements.txt is installed in the image: no test tools
# (mypy and gcc only in the stage that compiles the AI).
# Stage 1: the AI's playout hot path compiled with mypyc (tools/build_ai.py: the same choices, rollouts ~3x
# faster); the compiler and mypy stay in this stage, only the compiled modules reach the image.
FROM python:3.11-slim AS ai-build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /build
COPY requirements-dev.txt .
RUN pip install --no-cache-dir "$(grep -E '^mypy==' requirements-dev.txt)" setuptools==65.5.0
COPY engine engine
COPY tools/build_ai.py tools/build_ai.py
RUN python tools/build_ai.py

# Stage 2: the bot.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TRACTOR_DB=/data/tractor.sqlite3 \
    TRACTOR_OUT=/data/offline_match

RUN groupadd --system --gid 10001 tractor \
    && useradd --system --uid 10001 --gid tractor --home-dir /app --shell /usr/sbin/nologin tractor \
    && mkdir -p /app /data \
    && chown tractor:tractor /data

WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt
# the program (root-owned, read-only for the bot); .dockerignore leaves out tests, docs, venvs and data
COPY . .
COPY --from=ai-build /build/engine/ai/*.so engine/ai/

USER tractor
VOLUME ["/data"]

# ready = configuration, database (read only), migrations and font are fine; one line each in `docker inspect`
HEALTHCHECK --interval=60s --timeout=30s --start-period=30s --retries=3 CMD ["python", "bot.py", "check"]
# SIGTERM (docker stop): the bot finishes its moves and messages, leaves the timers in the database, exits 0
STOPSIGNAL SIGTERM
CMD ["python", "bot.py", "run"]
