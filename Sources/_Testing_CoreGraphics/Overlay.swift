// Why this module exists: the Swift toolchain's Testing module declares a cross-import overlay
// named `_Testing_CoreGraphics` (Testing.swiftcrossimport/CoreGraphics.swiftoverlay) for Apple's
// CoreGraphics, but does not ship it on Linux. Any file importing both Testing and a module
// named CoreGraphics (directly or through QuartzCore's re-export) then fails with "no such
// module '_Testing_CoreGraphics'". Lamina's CoreGraphics depends on this empty module, so it is
// always built next to CoreGraphics and found by the compiler, in this package and in packages
// that depend on Lamina. It adds nothing to either module.
