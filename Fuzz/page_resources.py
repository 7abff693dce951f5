"""Writes the PackageResources enum that SwiftPM's embedInCode makes, for the fuzz build,
which compiles OutlineKit without SwiftPM: each file's bytes, named as SwiftPM names them."""

import os
import sys

print("enum PackageResources {")
for path in sys.argv[1:]:
    name = os.path.basename(path).replace(".", "_")
    with open(path, "rb") as file:
        print(f"  static let {name}: [UInt8] = {list(file.read())}")
print("}")
