"""Pictures held for given times as an MP4 video Discord plays in its own player (H.264, yuv420p,
the index first so it starts before it has all arrived), through PyAV, whose wheel carries
FFmpeg and its x264 encoder. Where PyAV or an H.264 encoder is missing, `mp4` says so with
None and the caller falls back on an animated picture.

Each picture is one frame shown until the next one's time (a variable frame rate): a board
held 700 ms costs one frame, not 21, which keeps encoding to a second or two for a whole game.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from PIL import Image

TIME_BASE = Fraction(1, 1000)  # frame times in ms
KEYFRAME_EVERY = 25  # frames: where a viewer scrubbing the bar can land (10: a third bigger)
# x264: the quality a board's lettering needs (lower is better; 23 is x264's default),
# "stillimage", made for pictures that hold still, and no B-frames: frames stored in the order
# they are shown, so that the last one's duration (the final board held) is the video's end
X264 = {"crf": "24", "preset": "veryfast", "tune": "stillimage", "bf": "0"}
ENCODERS = ("libx264", "h264")


@cache
def encoder() -> str | None:
    """The H.264 encoder of the PyAV at hand, or None (no PyAV, or one built without it)."""
    try:
        import av
        import av.codec
    except ImportError:
        return None
    for name in ENCODERS:
        try:
            av.codec.Codec(name, "w")
        except (ValueError, av.error.FFmpegError):
            continue
        return name
    return None


def even(size: tuple[int, int]) -> tuple[int, int]:
    """yuv420p halves the colour planes: both sides must be even."""
    return size[0] - size[0] % 2, size[1] - size[1] % 2


def mp4(frames: Sequence[Image.Image], durations_ms: Sequence[int]) -> bytes | None:
    """The frames (all the same size) as an MP4, each shown for its duration; None when no
    H.264 encoder is at hand."""
    name = encoder()
    if name is None or not frames:
        return None
    import av

    width, height = even(frames[0].size)
    # faststart moves the index to the front by reading the file again: a real file, not
    # a BytesIO (FFmpeg reopens it by name)
    fd, path = tempfile.mkstemp(suffix=".mp4")
    os.close(fd)
    try:
        with av.open(path, mode="w", format="mp4", options={"movflags": "+faststart"}) as out:
            stream = out.add_stream(name)
            stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
            stream.time_base = TIME_BASE
            stream.codec_context.time_base = TIME_BASE
            stream.options = {**X264, "g": str(KEYFRAME_EVERY)} if name == "libx264" else {}
            lasts: dict[int, int] = {}  # frame time -> how long it is shown (ms)

            def mux(packets: list[av.Packet]) -> None:
                for packet in packets:
                    # each packet says how long its picture stays, the last one too: the
                    # video's length in every player's bar
                    packet.duration = lasts.get(packet.pts or 0, 1)
                    out.mux(packet)

            at = 0
            for image, ms in zip(frames, durations_ms, strict=True):
                frame = av.VideoFrame.from_image(image.convert("RGB").crop((0, 0, width, height)))
                frame.pts, frame.time_base = at, TIME_BASE
                lasts[at] = max(1, ms)
                mux(stream.encode(frame))
                at += lasts[at]
            mux(stream.encode())
        with open(path, "rb") as made:
            return made.read()
    finally:
        os.unlink(path)
