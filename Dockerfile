# 双升 Tractor bot: python bot.py run in a slim Python 3.11 image, as a non-root user, the database on a volume.
#   docker build -t tractor-bot .
#   docker run -d --name tractor --env-file .env -v tractor-data:/data tractor-bot
# (docs/DEPLOY.md; compose.yaml does the same). Only requirements.txt is installed in the image: no test tools
# (gcc and the build requirements only in the stage that compiles the rules and AI).
# Stage 1: the last line of requirements.txt (".": the project, setup.py) built as a wheel, as the README's
# install builds it: the rules and the AI's playout, search and endgame compiled with mypyc (tools/build_ai.py,
# build requirements pinned in pyproject.toml); the compiler stays in this stage, only the wheel reaches the image.
FROM python:3.11-slim AS ai-build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /build
COPY pyproject.toml setup.py ./
COPY tools/build_ai.py tools/build_ai.py
COPY tools/tractor_compiled tools/tractor_compiled
COPY engine engine
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

# Stage 2: the Discord Activity's page bundle (docs/DISCORD.md §6), as the README's install builds it:
# tools/build_activity.sh (npm ci from the committed lock file, then esbuild); only the bundle reaches the image.
FROM node:22-slim AS activity-build
WORKDIR /build
COPY tools/build_activity.sh tools/build_activity.sh
COPY web/activity web/activity
RUN bash tools/build_activity.sh && test -s web/static/build/activity.js

# Stage 3: the bot.
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
# requirements.txt without its last line (the project, built in stage 1), then that wheel
RUN grep -vx '[.]' requirements.txt > /tmp/runtime.txt && pip install -r /tmp/runtime.txt
COPY --from=ai-build /wheels /wheels
RUN pip install --no-deps /wheels/*.whl && rm -rf /wheels /tmp/runtime.txt
# the program (root-owned, read-only for the bot); .dockerignore leaves out tests, docs, venvs and data
COPY . .
COPY --from=activity-build /build/web/static/build web/static/build

USER tractor
VOLUME ["/data"]

# ready = configuration, database (read only), migrations and font are fine; one line each in `docker inspect`
HEALTHCHECK --interval=60s --timeout=30s --start-period=30s --retries=3 CMD ["python", "bot.py", "check"]
# SIGTERM (docker stop): the bot finishes its moves and messages, leaves the timers in the database, exits 0
STOPSIGNAL SIGTERM
CMD ["python", "bot.py", "run"]
