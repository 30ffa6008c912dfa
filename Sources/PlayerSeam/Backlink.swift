/// A reference back to an object for what the object hands out — its listeners, timers and
/// completions — where a `weak` reference would do: the object clears it in its `deinit`, so a
/// late call finds nil rather than a dangling object.
///
/// Unlike a `weak` reference it gives the object no side table. The Swift runtime makes one the
/// first time a `weak` reference to an object is formed, and from then on every retain and
/// release of that object takes the runtime's slow path; the objects that hear every
/// `timeupdate` (the player, the client-side engine, the interstitial player, the segment
/// loader) are retained and released several times per `timeupdate`. Read `object` on the host
/// thread, where the object's `deinit` runs. Host thread only.
public final class Backlink<Object: AnyObject> {
  /// The object, from `attach` until its `deinit` calls `clear`.
  public private(set) unowned(unsafe) var object: Object?

  /// A link to nothing yet (an object makes it among its stored properties, then `attach`es
  /// itself).
  public init() {}

  /// Links `object`, which must call `clear()` in its `deinit`.
  public func attach(_ object: Object) { self.object = object }

  /// Unlinks the object: what it handed out finds nil from now on.
  public func clear() { object = nil }
}
