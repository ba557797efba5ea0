"""The snooker table in millimetres (WPBSA Section 1), in the referee-case frame.

Origin at the left corner of the baulk cushion as seen from the baulk end;
``x`` runs across the table, ``y`` along it towards the top cushion.

>>> SPOTS["blue"]
(889.0, 1784.5)
>>> BALL_DIAMETER
52.5
"""

from __future__ import annotations

from typing import Final

Point = tuple[float, float]

TABLE_WIDTH: Final = 1778.0
TABLE_LENGTH: Final = 3569.0
BALL_DIAMETER: Final = 52.5
BALL_RADIUS: Final = BALL_DIAMETER / 2
#: Two balls touch when their centres are this far apart, within TOUCH_TOLERANCE.
TOUCH_TOLERANCE: Final = 0.1
#: Closer than this, two balls overlap: no state may contain it.
MIN_CENTRE_DISTANCE: Final = BALL_DIAMETER - TOUCH_TOLERANCE

BAULK_LINE_Y: Final = 737.0
D_CENTRE: Final[Point] = (889.0, 737.0)
D_RADIUS: Final = 292.0

SPOTS: Final[dict[str, Point]] = {
    "yellow": (1181.0, 737.0),
    "green": (597.0, 737.0),
    "brown": (889.0, 737.0),
    "blue": (889.0, 1784.5),
    "pink": (889.0, 2676.75),
    "black": (889.0, 3245.0),
}

#: Pocket mouths' centres, for drawing: corners and the two middle pockets.
POCKETS: Final[dict[str, Point]] = {
    "baulk_left": (0.0, 0.0),
    "baulk_right": (TABLE_WIDTH, 0.0),
    "middle_left": (0.0, TABLE_LENGTH / 2),
    "middle_right": (TABLE_WIDTH, TABLE_LENGTH / 2),
    "top_left": (0.0, TABLE_LENGTH),
    "top_right": (TABLE_WIDTH, TABLE_LENGTH),
}
