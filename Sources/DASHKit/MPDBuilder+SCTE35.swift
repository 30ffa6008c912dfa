import Foundation
import SCTE35Kit

/// The SCTE-35 message of an Event: XML elements (`urn:scte:scte35:2013:xml`, SCTE 35 §12's
/// schema: `SpliceInfoSection` with `SpliceInsert` or `TimeSignal`, `SpliceTime`,
/// `BreakDuration`, `SegmentationDescriptor`) or `Signal/Binary` base64 (`…:2014:xml+bin`).
/// A message that cannot be read is noted in `MPD.issues`; the MPD is still usable.
extension MPDBuilder {
  mutating func scte35Start(_ name: MPDName) {
    guard signalProblem == nil else { return }
    switch name {
    case .spliceInfoSection:
      var section = SCTE35Signal(command: .spliceInsert)
      section.ptsAdjustment = scteNumber(.ptsAdjustment, bits: 33) ?? 0
      signal = section
      commandSeen = false
    case .spliceInsert:
      guard startCommand(.spliceInsert, name), var current = signal else { return }
      current.spliceEventId = scteNumber(.spliceEventId, bits: 32).map { UInt32(truncatingIfNeeded: $0) }
      current.cancel = scteFlag(.spliceEventCancelIndicator) ?? false
      current.outOfNetwork = scteFlag(.outOfNetworkIndicator)
      current.immediate = scteFlag(.spliceImmediateFlag) ?? false
      current.uniqueProgramId = scteNumber(.uniqueProgramId, bits: 16).map { UInt16(truncatingIfNeeded: $0) }
      current.availNum = scteNumber(.availNum, bits: 8).map { UInt8(truncatingIfNeeded: $0) }
      current.availsExpected = scteNumber(.availsExpected, bits: 8).map { UInt8(truncatingIfNeeded: $0) }
      signal = current
    case .timeSignal:
      _ = startCommand(.timeSignal, name)
    case .spliceTime:
      guard var current = signal, current.ptsTime == nil else { return }
      current.ptsTime = scteNumber(.ptsTime, bits: 33)
      signal = current
    case .breakDuration:
      guard var current = signal else { return }
      current.autoReturn = scteFlag(.autoReturn)
      current.breakDuration = scteNumber(.duration, bits: 33)
      if current.breakDuration == nil, signalProblem == nil {
        signalProblem = "\(path): expected a duration attribute (90 kHz ticks)"
      }
      signal = current
    case .segmentationDescriptor:
      guard signal != nil else { return }
      var segmentation = SCTE35Segmentation(
        eventId: scteNumber(.segmentationEventId, bits: 32).map { UInt32(truncatingIfNeeded: $0) } ?? 0)
      segmentation.cancel = scteFlag(.segmentationEventCancelIndicator) ?? false
      segmentation.typeId = scteNumber(.segmentationTypeId, bits: 8).map { UInt8(truncatingIfNeeded: $0) }
      segmentation.duration = scteNumber(.segmentationDuration, bits: 40)
      segmentation.segmentNum = scteNumber(.segmentNum, bits: 8).map { UInt8(truncatingIfNeeded: $0) }
      segmentation.segmentsExpected = scteNumber(.segmentsExpected, bits: 8).map {
        UInt8(truncatingIfNeeded: $0)
      }
      signal?.segmentations.append(segmentation)
    case .binary:
      text = ""
    default:
      break
    }
  }

  mutating func scte35End(_ name: MPDName) {
    guard signalProblem == nil else { return }
    switch name {
    case .binary:
      guard scheme == .xmlBinary, signal == nil else {
        signalProblem =
          "\(path): a Binary signal where \(scheme == .xml ? "XML elements" : "one signal") was expected"
        return
      }
      do {
        signal = try SCTE35Binary.decode(base64: takeText())
      } catch {
        signalProblem = "\(path): \(error.message)"
      }
    case .spliceInfoSection:
      if !commandSeen {
        signalProblem = "\(path): expected a SpliceInsert or TimeSignal inside"
      }
    default:
      break
    }
  }

  private mutating func startCommand(_ command: SCTE35Signal.Command, _ name: MPDName) -> Bool {
    guard signal != nil, !commandSeen else {
      signalProblem = "\(path): <\(name.rawValue)> outside a SpliceInfoSection, or a second splice command"
      return false
    }
    signal?.command = command
    commandSeen = true
    return true
  }

  private var commandSeen: Bool {
    @inline(__always) get { scte35CommandSeen }
    set { scte35CommandSeen = newValue }
  }

  /// A whole-number attribute of at most `bits` bits, or nil when absent; a bad one is the
  /// message's problem.
  private mutating func scteNumber(_ name: MPDAttribute, bits: Int) -> UInt64? {
    guard let text = attribute(name) else { return nil }
    guard let value = DecimalText.unsigned(text), bits >= 64 || value >> UInt64(truncatingIfNeeded: bits) == 0
    else {
      if signalProblem == nil {
        signalProblem =
          "\(path)@\(name.name): expected a whole number of at most \(bits) bits, got \"\(text)\""
      }
      return nil
    }
    return value
  }

  private mutating func scteFlag(_ name: MPDAttribute) -> Bool? {
    guard let text = attribute(name) else { return nil }
    switch MPDText.trimmingSpaces(text) {
    case "true", "1": return true
    case "false", "0": return false
    default:
      if signalProblem == nil {
        signalProblem = "\(path)@\(name.name): expected true or false, got \"\(text)\""
      }
      return nil
    }
  }
}
