"""A scan pixel's share of a printed line's colour over its paper (no Qt), for the linework reader
(linework.py): a line thinner than a few scan pixels, or blurred, is seen mixed with the paper under
it, so a pixel shows a line colour c over paper p where it lies on the mix p + s (c - p)."""

from __future__ import annotations

import numpy as np

MIX_SIGMA = 26.0  # RGB distance from the paper-to-line mix at which a pixel's membership falls to 1/e
NEAREST_TOL = 8.0  # a pixel counts for every line colour whose mix it lies within this of the nearest one
LINE_CONTRAST = 25.0  # a line colour nearer than this to a hex's paper (RGB) is not read (a dirt road on clear: 40-50)

INKS = np.array([[0.0, 0.0, 0.0], [255.0, 255.0, 255.0]])  # hex outlines, labels and dots, printed on most maps
INK_APART = 80.0  # ... and told from a line colour at least this far from them (RGB)


def membership(obs: np.ndarray, paper: np.ndarray, refs: np.ndarray) -> np.ndarray:
    """(…, r) memberships of pixels obs (…, 3) over paper (…, 3) in the line colours refs (r, 3). Black
    and white (INKS) compete as colours of their own where no line colour is near them: a hex's black
    label blurred over its paper is nearer the mix with black than with a brown trail's colour.

    `paper` may be given at any shape that broadcasts to obs's (one colour per line read, not per
    pixel): what depends on the paper alone is worked out once for it. The work is laid out colour
    by colour and channel by channel (each array runs over the pixels), the sums over the three
    channels written out in their order: every figure is the same as summing (…, r, 3) arrays along
    their last axis."""
    r = len(refs)
    inks = INKS[np.linalg.norm(INKS[:, None, :] - refs[None], axis=2).min(axis=1) >= INK_APART]
    refs = np.concatenate([refs, inks])
    paper = np.asarray(paper).reshape((1,) * (obs.ndim - np.ndim(paper)) + np.shape(paper))
    lead = (slice(None),) + (None,) * (paper.ndim - 1)
    towards = [refs[lead + (c,)] - paper[None, ..., c] for c in range(3)]  # 3 x (r + inks, …paper)
    span = np.maximum(towards[0] ** 2 + towards[1] ** 2 + towards[2] ** 2, 1.0)
    visible = np.sqrt(span[:r]) > LINE_CONTRAST
    diff = [obs[..., c] - paper[..., c] for c in range(3)]  # 3 x (…)
    share = diff[0] * towards[0]
    share += diff[1] * towards[1]
    share += diff[2] * towards[2]
    share /= span  # (r + inks, …)
    e = diff[0] - share * towards[0]
    sq = e * e
    for c in (1, 2):
        np.multiply(share, towards[c], out=e)
        np.subtract(diff[c], e, out=e)
        e *= e
        sq += e
    resid = np.sqrt(sq, out=sq)
    lim = resid.min(axis=0)
    lim += NEAREST_TOL
    share = share[:r]
    keep = resid[:r] <= lim  # the colours whose mix the pixel lies nearest ...
    keep &= share > 0.15
    keep &= visible  # ... that can be seen on the paper
    # clip(share, 0, 1) * exp(-(resid / MIX_SIGMA) ** 2) where kept, 0 elsewhere
    x = resid[:r][keep]
    x /= MIX_SIGMA
    x **= 2
    np.negative(x, out=x)
    np.exp(x, out=x)
    x *= np.clip(share[keep], 0.0, 1.0)
    out = np.zeros(obs.shape[:-1] + (r,))
    np.moveaxis(out, -1, 0)[keep] = x
    return out

