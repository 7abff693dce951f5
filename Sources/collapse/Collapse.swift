import OutlineKit

/// The command: reads the inputs, resolves the selection and writes the chosen output.
enum Collapse {
  /// Runs collapse with `arguments` (without the program name), reading `-` from the
  /// descriptor `standardInput` and writing to `output`, which is `terminal`.
  static func run<Output: ByteOutputStream, Errors: TextOutputStream>(
    _ arguments: [String], standardInput: Int32 = 0, terminal: OutputTerminal = .pipe,
    output: inout Output, errors: inout Errors
  ) -> ExitStatus {
    var options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      errors.write("collapse: \(error)\n")
      return .usage
    }
    if options.showHelp {
      output.write(helpText())
      return .success
    }
    if options.showVersion {
      output.write("collapse \(version)\n")
      return .success
    }

    var status = ExitStatus.success
    let inputs = (options.files.isEmpty ? ["-"] : options.files).map {
      InputFile(path: $0, format: options.from, json: options.json, standardInput: standardInput)
    }
    var documents: [(name: String, outline: Outline)] = []
    for input in inputs {
      do {
        documents.append((input.displayName, try input.read()))
      } catch {
        errors.write("collapse: \(error)\n")
        status = .failure
      }
    }
    if inputs.count == 1 && documents.isEmpty { return status }
    let outline = inputs.count == 1 ? documents[0].outline : Outline.combining(documents)

    let selection: Selection
    do {
      selection = try Selection(outline: outline, request: options.selection)
    } catch {
      for problem in error.errors { errors.write("collapse: \(problem)\n") }
      return .usage
    }

    switch options.to {
    case .text:
      options.text.colors = terminal.colors(options.color)
      options.text.width = terminal.width(requested: options.width)
      TextWriter(options: options.text).write(outline, selection: selection, to: &output)
    case .html:
      HTMLWriter(options: options.html).write(outline, selection: selection, to: &output)
    }
    return status
  }
}
