"""The private picture: one player's hand, sent by DM, drawn from the private view only."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.dog.cards import card_name
from games.dog.render.cards import draw_card
from games.dog.render.common import (
    HAND_BG,
    NAME_MAX,
    RULE,
    WHITE,
    blend,
    chip,
    seat_rgb,
    to_png,
)
from games.dog.views import DogPrivateView
from games.drawing import drawable, font

CARD_W, CARD_H = 150, 220
GAP, MARGIN = 16, 24
TOP = 72
MIN_WIDTH = 620
MAX_WIDTH = 1240  # past 7 cards (Royal extra cards) the cards overlap instead of growing
HEIGHT = TOP + CARD_H + 78
SOFT = blend(WHITE, HAND_BG, 0.3)


def playing_for_text(view: DogPrivateView, room: float) -> str:
    """'Playing for Bob's pawns' (the partner by name), shorter when `room` is narrow."""
    partner = drawable(view.playing_for_name or "", NAME_MAX)
    fnt = font(20)
    for text in (
        f"Playing for {partner}'s pawns" if partner else "",
        f"For {partner}'s pawns" if partner else "",
        "Playing for your partner's pawns",
        "For your partner",
    ):
        if text and fnt.getlength(text) <= room:
            return text
    return "For partner"


def render_hand(view: DogPrivateView) -> bytes:
    """PNG of the hand: cards side by side in hand order, then the exchange and partner lines."""
    royal = view.variant == "royal"
    n = len(view.hand)
    step = float(CARD_W + GAP)
    if n > 1:
        step = min(step, (MAX_WIDTH - 2 * MARGIN - CARD_W) / (n - 1))
    width = max(MIN_WIDTH, round(2 * MARGIN + CARD_W + max(0, n - 1) * step))
    im = Image.new("RGB", (width, HEIGHT), HAND_BG)
    draw = ImageDraw.Draw(im)
    name = drawable(view.name, NAME_MAX) or f"Seat {view.seat + 1}"
    variant = "Dog Royal" if royal else "Dog"
    count = f"{n} card{'s' if n != 1 else ''}"
    caption = f"your hand · {count} · {variant}"
    room = width - 2 * MARGIN - 12 - font(20).getlength(caption)
    cw, _ = chip(draw, (MARGIN, 18), name, seat_rgb(view.color), 22, room)
    draw.text((MARGIN + cw + 12, 23), caption, font=font(20), fill=SOFT)
    if n == 0:
        box = (MARGIN, TOP, MARGIN + CARD_W, TOP + CARD_H)
        draw.rounded_rectangle(box, radius=14, outline=SOFT, width=3)
        draw.text(
            (MARGIN + CARD_W + 24, TOP + CARD_H / 2),
            "No cards in hand",
            font=font(26),
            fill=WHITE,
            anchor="lm",
        )
    for i, code in enumerate(view.hand):
        x = MARGIN + i * step
        draw.rounded_rectangle(
            (x + 4, TOP + 5, x + CARD_W + 4, TOP + CARD_H + 5),
            radius=14,
            fill=blend(HAND_BG, (0, 0, 0), 0.35),
        )
        draw_card(draw, (x, TOP, x + CARD_W, TOP + CARD_H), code, royal)
    y = TOP + CARD_H + 22
    x = float(MARGIN)
    for label, code in (("Given:", view.given), ("Received:", view.received)):
        if code is None:
            continue
        draw.text((x, y + 20), label, font=font(20), fill=SOFT, anchor="lm")
        x += font(20).getlength(label) + 8
        draw_card(draw, (x, y, x + 28, y + 40), code, royal, notes=False)
        x += 36
        text = card_name(code, view.variant)
        draw.text((x, y + 20), text, font=font(20), fill=WHITE, anchor="lm")
        x += font(20).getlength(text) + 28
    if view.playing_for is not None:
        text = playing_for_text(view, width - MARGIN - x)
        draw.text((width - MARGIN, y + 20), text, font=font(20), fill=WHITE, anchor="rm")
    draw.line(
        (MARGIN, TOP + CARD_H + 14, width - MARGIN, TOP + CARD_H + 14),
        fill=blend(RULE, HAND_BG, 0.6),
    )
    return to_png(im)
