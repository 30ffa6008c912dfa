import CLua
import CLuaShim

/// How a Swift class appears in Lua as userdata: its methods (called with a colon), readable and
/// writable properties, and its `tostring`. Register it with `LuaState.register(_:)` before
/// pushing objects of the class.
///
/// The same object is always the same Lua value while Lua holds it, so `==` and tables keyed by
/// objects work. Lua code cannot reach the metatable. Host thread only.
public final class LuaObjectType<Object: AnyObject> {
  /// The name Lua shows for the type (`Ad`, `Player`).
  public let name: String
  @usableFromInline var methods: [MethodDefinition] = []
  var getters: [String: (Object) throws -> LuaValue] = [:]
  var setters: [String: (Object, LuaValue) throws -> Void] = [:]
  var describe: ((Object) -> String)?

  /// How Lua code usually names a value of the type (`controller`), for the colon hint in the
  /// error of a dot call; `value` when not set.
  public var receiverName = "value"

  /// A type named `name` for Lua.
  public init(_ name: String) { self.name = name }

  /// A method, called as `object:name(…)`: `body` gets the object and the call (argument 1 is the
  /// object itself, so the method's own arguments start at 2). Calling it with a dot is an error
  /// that shows the colon form.
  ///
  /// Inlinable so that the call to `body` is compiled for the concrete class where the type is
  /// declared: no generic reabstraction on every call, which is the hottest path of the bridge.
  /// A thrown error is turned into the status that raises it here, so that the stored closure
  /// does not throw and the call into it carries no error register.
  @inlinable
  public func method(_ name: String, _ body: @escaping (Object, LuaCall) throws -> Int32) {
    methods.append(
      MethodDefinition(name) { pointer, call in
        do {
          // Lua holds the object while the call runs: no retain needed.
          return try Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef { try body($0, call) }
        } catch {
          return raiseStatus(error, in: call)
        }
      })
  }

  /// A read-only property.
  public func property(_ name: String, get: @escaping (Object) throws -> LuaValue) {
    getters[name] = get
  }

  /// A property that Lua may also assign.
  public func property(
    _ name: String, get: @escaping (Object) throws -> LuaValue,
    set: @escaping (Object, LuaValue) throws -> Void
  ) {
    getters[name] = get
    setters[name] = set
  }

  /// What `tostring(object)` shows; the type name and address by default.
  public func description(_ body: @escaping (Object) -> String) { describe = body }
}

/// A registered type's metatable in the registry, its name and the names of its members.
struct RegisteredObjectType {
  let metatable: Int32
  let name: String
  let members: [String]
  let get: (AnyObject, String) throws -> LuaValue?
}

extension LuaState {
  /// The tag that marks userdata of `Object`: the address of its type metadata.
  @inline(__always)
  static func typeTag<Object: AnyObject>(_ type: Object.Type) -> UnsafeRawPointer {
    unsafeBitCast(ObjectIdentifier(type), to: UnsafeRawPointer.self)
  }

  /// Makes objects of the type's class pushable; registering the same class again replaces it.
  public func register<Object: AnyObject>(_ type: LuaObjectType<Object>) {
    lua_createtable(L, 0, 8)
    let metatable = lua_gettop(L)
    // `__index` first: every method call looks it up, and the first key set in a table keeps its
    // hash slot, so that lookup finds it at once; a key set later whose hash falls on that slot
    // is chained after it (set last, `__index` was behind another key in some states, as the
    // hash seed falls, costing every call a step).
    lua_createtable(L, 0, Int32(type.methods.count))
    for method in type.methods {
      let name = method.name
      let hint =
        "\(type.name).\(name) is a method: call it with a colon, as \(type.receiverName):\(name)(...)"
      let box = MethodBox(typeTag: Self.typeTag(Object.self), dotCallMessage: hint, body: method.body)
      lk_push_swift_method(L, Unmanaged.passRetained(box).toOpaque(), box.typeTag)
      lua_setfield(L, -2, name)
    }
    if type.getters.isEmpty {
      // Methods only: a plain table is the fastest `__index`.
      lua_setfield(L, metatable, "__index")
    } else {
      // One function per property, found by its name in Lua: no key made a Swift string and
      // looked up in a dictionary on every read.
      lua_createtable(L, 0, Int32(clamping: type.getters.count))
      for (name, get) in type.getters {
        pushFunction(Self.getter(get))
        lua_setfield(L, -2, name)
      }
      lua_pushcclosure(L, lk_object_index, 2)
      lua_setfield(L, metatable, "__index")
    }
    pushString(type.name, on: L)
    lua_setfield(L, metatable, "__name")
    lua_pushboolean(L, 0)
    lua_setfield(L, metatable, "__metatable")
    lua_pushcclosure(L, lk_object_gc, 0)
    lua_setfield(L, metatable, "__gc")
    pushFunction(Self.setter(for: type))
    lua_setfield(L, metatable, "__newindex")
    pushFunction { call in
      guard let object = call.object(1, as: Object.self) else { return 0 }
      let text = type.describe?(object) ?? "\(type.name): \(ObjectIdentifier(object).debugDescription)"
      return call.return(.string(text))
    }
    lua_setfield(L, metatable, "__tostring")

    let reference = luaL_ref(L, lk_registryindex())
    if let old = objectTypes[ObjectIdentifier(Object.self)] {
      luaL_unref(L, lk_registryindex(), old.metatable)
    }
    let members = (type.methods.map(\.name) + type.getters.keys).sorted()
    let get: (AnyObject, String) throws -> LuaValue? = { object, name in
      guard let object = object as? Object, let getter = type.getters[name] else { return nil }
      return try getter(object)
    }
    objectTypes[ObjectIdentifier(Object.self)] = RegisteredObjectType(
      metatable: reference, name: type.name, members: members, get: get)
  }

  /// The Lua function that reads one property of the object it is called with.
  private static func getter<Object: AnyObject>(_ get: @escaping (Object) throws -> LuaValue)
    -> LuaSwiftFunction
  {
    { call in
      guard let object = call.object(1, as: Object.self) else { return call.return(.nil) }
      return call.return(try get(object))
    }
  }

  private static func setter<Object>(for type: LuaObjectType<Object>) -> LuaSwiftFunction {
    { call in
      guard let object = call.object(1, as: Object.self) else { return 0 }
      let key = call.string(2) ?? call.typeName(2)
      guard let set = type.setters[key] else {
        let what = type.getters[key] == nil ? "has no field" : "has a read-only field"
        throw LuaError(.runtime, "\(type.name) \(what) '\(key)'")
      }
      try set(object, try call.value(3))
      return 0
    }
  }

  /// Pushes a Swift object: the userdata Lua already holds for it, or a new one. An object of an
  /// unregistered class is pushed as nil.
  func pushObject(_ object: AnyObject, on L: OpaquePointer) {
    guard let registered = objectTypes[ObjectIdentifier(type(of: object))] else {
      lua_pushnil(L)
      return
    }
    let identity = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    pushObjectCache(on: L)
    if lua_rawgetp(L, -1, identity) == LUA_TUSERDATA {
      lk_remove(L, -2)
      return
    }
    lk_pop(L, 1)
    let retained = Unmanaged.passRetained(object).toOpaque()
    lk_push_object(L, Self.tagOf(object), retained, registered.metatable)
    lua_pushvalue(L, -1)
    lua_rawsetp(L, -3, identity)
    lk_remove(L, -2)
  }

  /// The type tag for an object's dynamic class.
  private static func tagOf(_ object: AnyObject) -> UnsafeRawPointer {
    unsafeBitCast(ObjectIdentifier(type(of: object)), to: UnsafeRawPointer.self)
  }

  /// Pushes the table of userdata by object identity, with weak values.
  private func pushObjectCache(on L: OpaquePointer) {
    if lua_rawgetp(L, lk_registryindex(), &objectCacheKey) == LUA_TTABLE { return }
    lk_pop(L, 1)
    lua_createtable(L, 0, 0)
    lua_createtable(L, 0, 1)
    pushString("v", on: L)
    lua_setfield(L, -2, "__mode")
    lua_setmetatable(L, -2)
    lua_pushvalue(L, -1)
    lua_rawsetp(L, lk_registryindex(), &objectCacheKey)
  }

  /// The method and property names of a bound object's type (for completion), sorted.
  public func memberNames(of object: AnyObject) -> [String] {
    objectTypes[ObjectIdentifier(type(of: object))]?.members ?? []
  }

  /// Every registered type's member names (sorted), by the type's name: what Lua can reach on
  /// bound objects, for checks that the API's annotations keep up.
  public var registeredTypeMembers: [String: [String]] {
    Dictionary(objectTypes.values.map { ($0.name, $0.members) }, uniquingKeysWith: { first, _ in first })
  }

  /// A property of a bound object, read through its getter (no Lua runs), or nil.
  public func property(_ name: String, of object: AnyObject) -> LuaValue? {
    try? objectTypes[ObjectIdentifier(type(of: object))]?.get(object, name)
  }

  /// The Swift object of userdata at `index`, whatever its registered type.
  func objectValue(at index: Int32, on L: OpaquePointer) -> AnyObject? {
    guard lua_type(L, index) == LUA_TUSERDATA, lua_rawlen(L, index) == MemoryLayout<lk_object>.size,
      let block = lua_touserdata(L, index)?.assumingMemoryBound(to: lk_object.self),
      let pointer = block.pointee.object
    else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
  }
}

/// The registry key of the userdata cache (its address is the key).
// why: only its address is used (a registry key); its value is never read or written.
nonisolated(unsafe) private var objectCacheKey: UInt8 = 0

/// A method's body: gets the object's pointer, already checked to be of the method's class, and
/// returns the count of its results or the status that raises its error (`raiseStatus`).
@usableFromInline typealias ObjectMethod = (UnsafeMutableRawPointer, LuaCall) -> Int32

/// A method as declared. A class, not a tuple in the array: a closure kept in a generic container
/// is stored abstractly, and every call would go through two conversion thunks.
@usableFromInline final class MethodDefinition {
  let name: String
  let body: ObjectMethod

  @usableFromInline init(_ name: String, body: @escaping ObjectMethod) {
    self.name = name
    self.body = body
  }
}

/// A method of a Swift class. The C method trampoline checks that argument 1 is an object of the
/// class (`typeTag`) and calls `body` with it; otherwise it calls the box as a function, which
/// raises the error that shows the colon form.
final class MethodBox: SwiftFunctionBox {
  let typeTag: UnsafeRawPointer
  /// The error of a call without the object (a dot instead of a colon).
  let dotCallMessage: String
  let body: ObjectMethod

  init(typeTag: UnsafeRawPointer, dotCallMessage: String, body: @escaping ObjectMethod) {
    self.typeTag = typeTag
    self.dotCallMessage = dotCallMessage
    self.body = body
  }

  override func invoke(_ call: LuaCall) throws -> Int32 {
    throw LuaError(.runtime, dotCallMessage)
  }
}
