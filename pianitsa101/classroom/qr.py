"""The students' address as a QR code: drawn in the terminal, and as SVG for the board (``qrcode``)."""

from __future__ import annotations

import io

__all__ = ["svg", "terminal"]


def _code(address: str):
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(address)
    code.make(fit=True)
    return code


def terminal(address: str) -> str:
    """The QR code in text blocks, dark on light (a phone reads it off a dark terminal too)."""
    out = io.StringIO()
    _code(address).print_ascii(out=out, invert=True)
    return out.getvalue()


def svg(address: str) -> str:
    """The QR code as an SVG image, black on white, scaling to any size."""
    import qrcode.image.svg

    image = _code(address).make_image(image_factory=qrcode.image.svg.SvgPathFillImage)
    text = image.to_string(encoding="unicode")
    return text.replace('width="', 'data-w="', 1).replace('height="', 'data-h="', 1)  # the page sizes it
