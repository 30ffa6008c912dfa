import Foundation
import TestFiles
import Testing

/// Input files that are not regular files are refused at once, saying what they are (a FIFO would
/// wait for a writer for ever).
@Suite struct InputFileKindTests {
  @Test func aSourceOrActionsFileThatIsNoRegularFileIs64() async throws {
    let scratch = try Scratch()
    let fifo = scratch.folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let plugin = try scratch.write(
      "plugin.lua",
      #"player.ads:registerServerSideIntegration("x", function() return { setSource = function() return true end } end)"#
    )
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "x"}"#)

    let fromFIFO = await adhost(["run", plugin, fifo])
    #expect(fromFIFO.code == 64)
    #expect(fromFIFO.errors.contains("cannot read the source file \(fifo): a FIFO, not a regular file"))

    let actions = await adhost(["run", plugin, source, "--actions", scratch.folder.path])
    #expect(actions.code == 64)
    #expect(
      actions.errors.contains(
        "cannot read the actions file \(scratch.folder.path): a directory, not a regular file"))

    let missing = await adhost(["run", plugin, scratch.folder.appendingPathComponent("none.json").path])
    #expect(missing.code == 64)
    #expect(missing.errors.contains("none.json: no such file"))
  }

  @Test func vastOnAFIFOIs64() async throws {
    let scratch = try Scratch()
    let fifo = scratch.folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = await adhost(["vast", fifo])
    #expect(result.code == 64)
    #expect(result.errors.contains("adhost vast: \(fifo): a FIFO, not a regular file"), "\(result.errors)")
  }
}
