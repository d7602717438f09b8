// GLFW without its own GL header: GL comes from epoxy.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
