/// One field of an entity, declared once: how a log line spells it, how changes to it fold, how undo puts it
/// back, how the cache keeps it, how it shows in the model commands see, and how grocery's export carries it.
///
/// Each entity has one table of these (`ItemFields.table` and its kin); the log codec, the fold, undo, the
/// cache, the view, the diff, export and import all walk that table, so a new field is one entry in it.
///
/// A class, so that walking a table shares each field's closures instead of copying them.
final class Field<Fields, State, Model>: Sendable {
  /// The key in a log line, and the name of the cache's column.
  let key: String
  /// The first log version that has the field: a line that sets it says at least this version.
  let version: Int
  /// Whether the change sets the field.
  let isSet: @Sendable (Fields) -> Bool
  /// Leaves the field unset in a change.
  let clear: @Sendable (inout Fields) -> Void
  /// The field's value as a log line spells it, when the change sets it.
  let encode: @Sendable (Fields) -> String?
  /// Reads the field's value from a log line into the change, refusing a value no command could set.
  let decode: @Sendable (inout JSONReader, inout Fields) throws -> Void
  /// Folds a change's value into the entity.
  let apply: @Sendable (inout State, Fields, Stamp) -> Void
  /// Takes the other entity's value when it is newer (two ids shown as one, by name).
  let combine: @Sendable (inout State, State) -> Void
  /// Puts into `back` the value a change replaced, when the entity still holds what the change set: the value of
  /// the newest change before it in `prior` (the entity folded from the changes stamped before it, which may hold
  /// one its maker had not seen), else the value its maker saw, `was`.
  let revert:
    @Sendable (
      _ state: State, _ set: Fields, _ was: Fields, _ stamp: Stamp, _ prior: State?, _ back: inout Fields
    ) -> Void
  /// The value and its stamp as the cache keeps them.
  let save: @Sendable (State) -> (value: SQLValue, stamp: Stamp)
  /// Takes the value and stamp the cache kept; false when the value is not of this field.
  let load: @Sendable (inout State, SQLValue, Stamp) -> Bool
  /// Sets the field on the model from the entity, naming ids with `names`.
  let show: @Sendable (State, inout Model, NameMap) -> Void
  /// Sets the field in `set` and `was` when it differs between the two models (`before` nil: a new entity).
  let diff:
    @Sendable (
      _ before: Model?, _ after: Model, _ old: NameMap, _ new: NameMap, _ set: inout Fields,
      _ was: inout Fields
    ) -> Void
  /// The field's key in grocery's export and its value there, as the model holds it; nil for a field an export
  /// does not carry.
  let export: ExportSpelling<Model>?
  /// Reads the field's value, when an export's element has it, into an import's fields; nil for a field the
  /// import reads by its own rules (a name, which matches; a name for an id; a time to the second).
  let importValue:
    (@Sendable (_ element: ImportJSON.Node, _ file: String, _ into: inout Fields) throws -> Void)?
  /// Puts a change's value of the field, when it sets one, on the model: how an import applies what it read.
  let assign: (@Sendable (Fields, inout Model) -> Void)?

  init(
    key: String, version: Int, isSet: @escaping @Sendable (Fields) -> Bool,
    clear: @escaping @Sendable (inout Fields) -> Void, encode: @escaping @Sendable (Fields) -> String?,
    decode: @escaping @Sendable (inout JSONReader, inout Fields) throws -> Void,
    apply: @escaping @Sendable (inout State, Fields, Stamp) -> Void,
    combine: @escaping @Sendable (inout State, State) -> Void,
    revert: @escaping @Sendable (State, Fields, Fields, Stamp, State?, inout Fields) -> Void,
    save: @escaping @Sendable (State) -> (value: SQLValue, stamp: Stamp),
    load: @escaping @Sendable (inout State, SQLValue, Stamp) -> Bool,
    show: @escaping @Sendable (State, inout Model, NameMap) -> Void,
    diff: @escaping @Sendable (Model?, Model, NameMap, NameMap, inout Fields, inout Fields) -> Void,
    export: ExportSpelling<Model>? = nil,
    importValue: (@Sendable (ImportJSON.Node, String, inout Fields) throws -> Void)? = nil,
    assign: (@Sendable (Fields, inout Model) -> Void)? = nil
  ) {
    self.key = key
    self.version = version
    self.isSet = isSet
    self.clear = clear
    self.encode = encode
    self.decode = decode
    self.apply = apply
    self.combine = combine
    self.revert = revert
    self.save = save
    self.load = load
    self.show = show
    self.diff = diff
    self.export = export
    self.importValue = importValue
    self.assign = assign
  }
}

/// Where a value lives in a larger one: how to read it and how to set it.
///
/// Closures rather than key paths: a key path is built at run time the first time it is used, and building the
/// tables' seventy of them cost more than a whole `list` reads from the cache.
struct Slot<Root, Value>: Sendable {
  let get: @Sendable (Root) -> Value
  let set: @Sendable (inout Root, Value) -> Void

  init(_ get: @escaping @Sendable (Root) -> Value, _ set: @escaping @Sendable (inout Root, Value) -> Void) {
    self.get = get
    self.set = set
  }
}

/// How a model spells a field: reading it (ids named by a `NameMap`) and setting it.
struct ModelLink<Model, Value>: Sendable {
  let get: @Sendable (Model, NameMap) -> Value
  let put: @Sendable (inout Model, Value, NameMap) -> Void
  /// True when the model holds the value as it is: an export then writes it as a log line does, and an import
  /// reads it back by its type.
  let isPlain: Bool

  /// A field the model shows by name where the logs hold ids; its spelling in an export is its entry's.
  init(
    get: @escaping @Sendable (Model, NameMap) -> Value,
    put: @escaping @Sendable (inout Model, Value, NameMap) -> Void
  ) {
    self.get = get
    self.put = put
    isPlain = false
  }

  /// A field the model holds as it is, with no ids to name.
  init(_ slot: Slot<Model, Value>) {
    get = { model, _ in slot.get(model) }
    put = { model, value, _ in slot.set(&model, value) }
    isPlain = true
  }
}

extension Field {
  /// A field whose newest value wins.
  ///
  /// An export carries a field the model holds as it is under its log key, spelt as a log line spells it, and
  /// an import reads it back by its type (or by `imported`, for a rule of its own) and applies it; `export`
  /// spells one the model shows by name instead, which the import then reads by its own rules.
  @inline(__always)
  static func value<V: FieldValue>(
    _ key: String, _ field: Slot<Fields, V?>,
    _ register: Slot<State, Register<V>>, version: Int = 2,
    check: (@Sendable (V) -> String?)? = nil, model: ModelLink<Model, V>?,
    export: ExportSpelling<Model>? = nil,
    imported: (@Sendable (_ node: ImportJSON.Node, _ file: String) throws -> V)? = nil
  ) -> Field {
    make(
      key, field, register, version: version, check: check, model: model, export: export,
      imported: imported ?? { try V.imported($0, key: key, file: $1) }, widen: { $0 }, narrow: { $0 })
  }

  /// A field that a change may set but never clear, though an entity known only from other changes has none yet:
  /// a name, which an export writes and an import reads by its own rules, since names are how it matches.
  @inline(__always)
  static func required<V: FieldValue>(
    _ key: String, _ field: Slot<Fields, V?>,
    _ register: Slot<State, Register<V?>>, check: (@Sendable (V) -> String?)? = nil,
    model: ModelLink<Model, V>
  ) -> Field {
    let link = ModelLink<Model, V?>(
      get: { model.get($0, $1) }, put: { m, value, names in if let value { model.put(&m, value, names) } })
    let export = ExportSpelling<Model>(key) { model.get($0, NameMap()).json }
    return make(
      key, field, register, version: 2, check: check, model: link, export: export, imported: nil,
      widen: { $0 }, narrow: { $0 })
  }

  /// The field of a change holding `V`, kept in a register of `R` (`V` itself, or `V?` for a required one).
  @inline(__always)
  private static func make<V: FieldValue, R: FieldValue>(
    _ key: String, _ field: Slot<Fields, V?>,
    _ register: Slot<State, Register<R>>, version: Int,
    check: (@Sendable (V) -> String?)?,
    model: ModelLink<Model, R>?, export: ExportSpelling<Model>?,
    imported: (@Sendable (ImportJSON.Node, String) throws -> V)?,
    widen: @escaping @Sendable (V) -> R, narrow: @escaping @Sendable (R) -> V?
  ) -> Field {
    // A field the model holds as it is goes through an export as its value; any other only as its entry spells it.
    let plain: ModelLink<Model, R>? = export == nil && model?.isPlain == true ? model : nil
    var spelling = export
    var importValue: (@Sendable (ImportJSON.Node, String, inout Fields) throws -> Void)?
    var assign: (@Sendable (Fields, inout Model) -> Void)?
    if let plain {
      spelling = ExportSpelling(key) { plain.get($0, NameMap()).json }
      if let imported {
        importValue = { element, file, fields in
          guard let node = element[key] else { return }
          let value = try imported(node, file)
          if let reason = check?(value) { throw node.failure(file, "'\(key)': \(reason)") }
          field.set(&fields, value)
        }
      }
      assign = { fields, model in
        if let value = field.get(fields) { plain.put(&model, widen(value), NameMap()) }
      }
    }
    return Field(
      key: key, version: version, isSet: { field.get($0) != nil }, clear: { field.set(&$0, nil) },
      encode: { field.get($0)?.json },
      decode: { reader, fields in
        let value = try V.read(&reader)
        if let reason = check?(value) { throw reader.fail(reason) }
        field.set(&fields, value)
      },
      apply: { state, fields, stamp in
        guard let value = field.get(fields) else { return }
        var held = register.get(state)
        guard stamp > held.stamp else { return }
        held.merge(widen(value), at: stamp)
        register.set(&state, held)
      },
      combine: { state, other in
        let theirs = register.get(other)
        var held = register.get(state)
        guard theirs.stamp > held.stamp else { return }
        held.merge(theirs.value, at: theirs.stamp)
        register.set(&state, held)
      },
      revert: { state, set, was, stamp, prior, back in
        guard register.get(state).holds(field.get(set).map(widen), of: stamp) else { return }
        if let before = prior.map(register.get), before.stamp != .zero, before.stamp < stamp {
          field.set(&back, narrow(before.value))
        } else {
          field.set(&back, field.get(was))
        }
      },
      save: {
        let held = register.get($0)
        return (held.value.sql, held.stamp)
      },
      load: { state, value, stamp in
        guard let value = R(sql: value) else { return false }
        register.set(&state, Register(value, stamp))
        return true
      },
      show: { state, m, names in model?.put(&m, register.get(state).value, names) },
      diff: { before, after, old, new, set, was in
        guard let model else { return }
        let now = model.get(after, new)
        guard let before else {
          field.set(&set, narrow(now))
          return
        }
        let then = model.get(before, old)
        if then != now {
          field.set(&set, narrow(now))
          field.set(&was, narrow(then))
        }
      },
      export: spelling, importValue: importValue, assign: assign)
  }

  /// Whether the entity is alive: any change but a removal brings it back. Undo and the view treat it apart.
  static func alive(
    _ field: Slot<Fields, Bool?>,
    _ register: Slot<State, Register<Bool>>
  ) -> Field {
    let plain = Field.value("alive", field, register, model: nil)
    return Field(
      key: "alive", version: 2, isSet: plain.isSet, clear: plain.clear, encode: plain.encode,
      decode: plain.decode,
      apply: { state, fields, stamp in
        var held = register.get(state)
        guard stamp > held.stamp else { return }
        held.merge(field.get(fields) ?? true, at: stamp)
        register.set(&state, held)
      },
      combine: { _, _ in }, revert: { _, _, _, _, _, _ in }, save: plain.save, load: plain.load,
      show: { _, _, _ in }, diff: { _, _, _, _, _, _ in })
  }

  /// When the entity was first made: the earliest change that says so wins. The model shows it apart, so an export
  /// carries it only as `export` spells it.
  static func created(
    _ field: Slot<Fields, Int64?>,
    _ register: Slot<State, Register<Int64>>, export: ExportSpelling<Model>? = nil
  ) -> Field {
    let plain = Field.value("created", field, register, model: nil)
    return Field(
      key: "created", version: 2, isSet: plain.isSet, clear: plain.clear, encode: plain.encode,
      decode: plain.decode,
      apply: { state, fields, stamp in
        if let value = field.get(fields),
          register.get(state).stamp == .zero || stamp < register.get(state).stamp
        {
          register.set(&state, Register(value, stamp))
        }
      },
      combine: { _, _ in }, revert: { _, _, _, _, _, _ in }, save: plain.save, load: plain.load,
      show: { _, _, _ in }, diff: { _, _, _, _, _, _ in }, export: export)
  }
}

/// How grocery's export spells a field: its key there and its value's JSON, as the model holds it.
struct ExportSpelling<Model>: Sendable {
  let key: String
  /// The value's JSON text; nil leaves the key out.
  let write: @Sendable (Model) -> String?

  init(_ key: String, write: @escaping @Sendable (Model) -> String?) {
    self.key = key
    self.write = write
  }
}
