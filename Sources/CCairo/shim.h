// Cairo, used only inside the CoreGraphics module (paths, strokes, fills, clips, gradients).
#include <cairo.h>
