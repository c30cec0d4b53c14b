"""CAM: from a build's machining plans to programs a CNC router runs.

The workshop's machine profile (:mod:`plywright.cam.machine`) says what the router, its tools
and its sheets are; :mod:`plywright.cam.source` reads the parts back from the build's own DXF
(so every plugin whose plans become DXF gets programs); :mod:`plywright.cam.toolpath` turns
them into moves, :mod:`plywright.cam.post` into LinuxCNC or GRBL G-code, and
:mod:`plywright.cam.verify` runs a program through LinuxCNC's reference interpreter and a
2.5-D material-removal simulation that must reproduce the DXF.
"""
