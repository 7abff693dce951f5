import Testing

@testable import OutlineKit

@Suite("memory limit of a control group")
struct MemoryLimitTests {
  /// A reader of the given files, as /proc and /sys would hold them: a path with a doubled
  /// slash is the same file, and any other file does not exist.
  private func files(_ files: [String: String]) -> (String) -> String? {
    { path in files[path.replacing("//", with: "/")] }
  }

  @Test("a field of /proc/self/status or /proc/meminfo is read in kB, from the line it starts")
  func statusField() {
    let status =
      "Name:\tcollapse\nVmPeak:\t  20480 kB\nVmSize:\t   8192 kB\nVmData:\t    512 kB\n"
    #expect(MemoryLimit.field("VmSize:", status) == 8_192 * 1024)
    #expect(MemoryLimit.field("VmData:", status) == 512 * 1024)
    // The last line needs no line feed; a name inside a line is not its start.
    let meminfo = "MemTotal: 9 kB\nMemAvailable:  4096 kB"
    #expect(MemoryLimit.field("MemAvailable:", meminfo) == 4_096 * 1024)
    #expect(MemoryLimit.field("Size:", status) == nil)
    #expect(MemoryLimit.field("VmRSS:", status) == nil)
    // A field without digits, or with more than any machine has, is not a reading.
    #expect(MemoryLimit.field("VmRSS:", "VmRSS: kB\n") == nil)
    #expect(MemoryLimit.field("VmRSS:", "VmRSS: 99999999999999999999999 kB\n") == nil)
  }

  @Test("the limit left is memory.max less memory.current of the group /proc/self/cgroup names")
  func groupOfTheProcess() {
    let group = "/sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope"
    let read = files([
      "/proc/self/cgroup": "0::/user.slice/user-1000.slice/session-2.scope\n",
      group + "/memory.max": "536870912\n",
      group + "/memory.current": "123456789\n",
      // A group beside it is not above it.
      "/sys/fs/cgroup/user.slice/user-1000.slice/session-3.scope/memory.max": "1000\n",
      "/sys/fs/cgroup/user.slice/user-1000.slice/session-3.scope/memory.current": "0\n",
    ])
    #expect(MemoryLimit.controlGroupLimit(reading: read) == 536_870_912 - 123_456_789)
  }

  @Test("a group above with less room left sets the limit, whether its own is lower or max")
  func groupAbove() {
    let session = "/sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope"
    let user = "/sys/fs/cgroup/user.slice/user-1000.slice"
    var given = [
      "/proc/self/cgroup": "0::/user.slice/user-1000.slice/session-2.scope\n",
      session + "/memory.max": "max\n",
      session + "/memory.current": "300000000\n",
      user + "/memory.max": "2000000000\n",
      user + "/memory.current": "1500000000\n",
      "/sys/fs/cgroup/user.slice/memory.max": "4000000000\n",
      "/sys/fs/cgroup/user.slice/memory.current": "1000000000\n",
    ]
    #expect(MemoryLimit.controlGroupLimit(reading: files(given)) == 500_000_000)
    // The group of the process has a lower limit, but more room left than the one above.
    given[session + "/memory.max"] = "1000000000\n"
    #expect(MemoryLimit.controlGroupLimit(reading: files(given)) == 500_000_000)
    // Its own room is the least.
    given[session + "/memory.current"] = "900000000\n"
    #expect(MemoryLimit.controlGroupLimit(reading: files(given)) == 100_000_000)
  }

  @Test("in a container the group is /: the cgroup v1 lines before the v2 line are passed over")
  func containerGroup() {
    let read = files([
      "/proc/self/cgroup": "12:memory:/docker/4f2c\n1:name=systemd:/docker/4f2c\n0::/\n",
      "/sys/fs/cgroup/memory.max": "1073741824\n",
      "/sys/fs/cgroup/memory.current": "1048576\n",
      "/sys/fs/cgroup/docker/4f2c/memory.max": "1000\n",
      "/sys/fs/cgroup/docker/4f2c/memory.current": "0\n",
    ])
    #expect(MemoryLimit.controlGroupLimit(reading: read) == 1_073_741_824 - 1_048_576)
  }

  @Test("a group already over its limit leaves less than nothing")
  func overTheLimit() {
    let read = files([
      "/proc/self/cgroup": "0::/app\n",
      "/sys/fs/cgroup/app/memory.max": "4096\n",
      "/sys/fs/cgroup/app/memory.current": "8192\n",
    ])
    #expect(MemoryLimit.controlGroupLimit(reading: read) == -4096)
  }

  @Test(
    "no limit when memory.max says max, a file is missing or holds no number, or cgroup v2 is not there",
    arguments: [
      [
        "/proc/self/cgroup": "0::/app\n", "/sys/fs/cgroup/app/memory.max": "max\n",
        "/sys/fs/cgroup/app/memory.current": "8192\n",
      ],
      ["/proc/self/cgroup": "0::/app\n", "/sys/fs/cgroup/app/memory.max": "4096\n"],
      ["/proc/self/cgroup": "0::/app\n", "/sys/fs/cgroup/app/memory.current": "8192\n"],
      [
        "/proc/self/cgroup": "0::/app\n", "/sys/fs/cgroup/app/memory.max": "4096\n",
        "/sys/fs/cgroup/app/memory.current": "",
      ],
      // cgroup v1 only: its memory controller's files are not read.
      [
        "/proc/self/cgroup": "4:memory:/app\n1:cpu:/\n",
        "/sys/fs/cgroup/app/memory.max": "4096\n", "/sys/fs/cgroup/app/memory.current": "0\n",
        "/sys/fs/cgroup/memory.max": "4096\n", "/sys/fs/cgroup/memory.current": "0\n",
      ],
      ["/sys/fs/cgroup/memory.max": "4096\n", "/sys/fs/cgroup/memory.current": "0\n"],
    ] as [[String: String]])
  func noLimit(_ given: [String: String]) {
    #expect(MemoryLimit.controlGroupLimit(reading: files(given)) == nil)
  }
}
