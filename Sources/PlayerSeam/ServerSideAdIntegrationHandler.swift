/// What an integration's `setSource` decides.
public enum SetSourceOutcome: Equatable, Sendable {
  /// Load this source instead; the integration is active for it.
  case transformed(SourceDescription)
  /// Load the source as is; the integration is active for it (iOS `true`).
  case handled
  /// Load the source as is without the integration (iOS `false`).
  case notHandled
}

/// The handler an integration's factory returns. Every method is optional, as on the Web; a
/// `nil` method is "not implemented" and the player's default applies:
/// - `setSource`: load the source as is;
/// - `skipAd`: the player calls `controller.skipAd(ad)`;
/// - `resetSource`: the player calls `controller.removeAllAds()`;
/// - `destroy`: nothing.
///
/// `setSource` and `resetSource` answer through their completion, which may be called later
/// (after I/O); the player holds the clock until it is. A failure there is a fatal player
/// `error`; a `skipAd` that throws is a non-fatal `aderror`.
public struct ServerSideAdIntegrationHandler {
  /// Decides what to load for a source; call the completion exactly once, on the host thread.
  public var setSource:
    ((SourceDescription, @escaping (Result<SetSourceOutcome, any Error>) -> Void) -> Void)?
  /// Skips an ad of this integration.
  public var skipAd: ((any IntegrationAd) throws -> Void)?
  /// Clears what belongs to the current source; call the completion exactly once.
  public var resetSource: ((@escaping (Result<Void, any Error>) -> Void) -> Void)?
  /// Releases everything; called once, when the player is destroyed.
  public var destroy: (() -> Void)?

  /// A handler with the given methods; leave out what the integration does not implement.
  public init(
    setSource: ((SourceDescription, @escaping (Result<SetSourceOutcome, any Error>) -> Void) -> Void)? = nil,
    skipAd: ((any IntegrationAd) throws -> Void)? = nil,
    resetSource: ((@escaping (Result<Void, any Error>) -> Void) -> Void)? = nil,
    destroy: (() -> Void)? = nil
  ) {
    self.setSource = setSource
    self.skipAd = skipAd
    self.resetSource = resetSource
    self.destroy = destroy
  }
}

/// A rule violation in a controller or registry call; the message names the method and the rule.
public struct AdControllerError: Error, Equatable, CustomStringConvertible {
  /// The method, e.g. `updateAdProgress`.
  public let method: String
  /// What was wrong.
  public let message: String

  /// Creates an error.
  public init(_ method: String, _ message: String) {
    self.method = method
    self.message = message
  }

  /// `method: message`.
  public var description: String { "\(method): \(message)" }
}

/// An error an integration reports with `controller.error` or `fatalError`.
public struct IntegrationError: Error, Equatable, CustomStringConvertible {
  /// The message.
  public let message: String

  /// Creates an error with a message.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
