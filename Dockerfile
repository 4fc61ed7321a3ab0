# scale-video in a container image: the command (its entry point), the
# studio's program and page, and the library --motion flow loads, over
# Debian 12's FFmpeg 5.1, Rubber Band 3 and OpenCV 4.6; run as a user of
# its own (1000), in /data. scripts/image-test.sh builds it and runs it.
#
#   docker build -t scale-video .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/data" scale-video in.mp4 -o out.mov --factor 2

FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends pkg-config \
        libavformat-dev libavcodec-dev libavfilter-dev libswscale-dev libswresample-dev libavutil-dev \
        librubberband-dev libopencv-imgproc-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --static-swift-stdlib --product scale-video \
    && swift build -c release --static-swift-stdlib --product scale-video-studio \
    && swift build -c release --static-swift-stdlib --product ScaleVideoFlow \
    && mkdir /out && bash scripts/install.sh --binary .build/release/scale-video /out

FROM debian:bookworm-slim
# The runtime libraries alone: FFmpeg's, Rubber Band's, OpenCV's core and imgproc (for flow).
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libavformat59 libavcodec59 libavfilter8 libswscale6 libswresample4 libavutil57 librubberband2 \
        libopencv-imgproc406 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --uid 1000 --create-home --shell /usr/sbin/nologin scale
COPY --from=build /out/ /usr/local/
USER 1000:1000
WORKDIR /data
ENTRYPOINT ["scale-video"]
CMD ["--help"]
