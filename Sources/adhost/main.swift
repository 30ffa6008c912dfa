import AdhostCLI
import Foundation

let console = Console(environment: ProcessInfo.processInfo.environment)
let code = await Adhost.main(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(code)
