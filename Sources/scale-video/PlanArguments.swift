import FoundationEssentials
import ScaleVideo

/// The options that decide a render's plan, as given on the command line:
/// what a part's manifest keeps (FilmPart.arguments), so that `join` plans
/// the whole render again from them. Those that only say which inputs,
/// where to write, what else to save, how to report, or which part, are
/// left out (PlanArgumentsTests checks every option is one or the other).
enum PlanArguments {
    /// Each option that decides the plan, and whether it takes a value.
    static let options: [String: Bool] = [
        "--duration": true, "--factor": true, "--time-map": true, "--speed": true, "--curve": true, "--reverse": false,
        "--fps": true, "--start": true, "--end": true, "--motion": true, "--video-codec": true, "--prores-profile": true,
        "--keep-hdr": false, "--crf": true, "--preset": true, "--no-video": false, "--shorter-side": true,
        "--audio-codec": true, "--audio-track": true, "--no-audio": false, "--pad-audio": false, "--mono": false,
        "--keep-pitch": false,
    ]

    /// The options that do not decide the plan, and whether each takes a value.
    static let others: [String: Bool] = [
        "-o": true, "--output": true, "--output-dir": true, "--container": true, "--jobs": true, "--overwrite": false,
        "--inputs-from": true, "--null": false, "--skip-existing": false, "--shard": true, "--shard-count": true,
        "--part": true, "--part-count": true, "--json": false, "--progress": true, "--progress-picture": true,
        "--quiet": false, "--verbose": false, "--dry-run": false, "--still": true, "--still-at": true, "--preview": true,
        "--preview-at": true, "--plot-map": true, "--waveform": true, "--noise-floor": true, "--version": false, "-h": false,
        "--help": false,
    ]

    /// The plan's options among `arguments` (the command line after the
    /// program's name), in order; a time map read from a file (`@FILE`)
    /// is given as its knots, so the join needs no file but the source.
    static func of(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" { break }
            let (name, attached) = split(argument)
            if let takesValue = options[name] {
                guard takesValue else {
                    kept.append(name)
                    continue
                }
                guard let value = attached ?? rest.popFirst() else { break }
                kept += [name, name == "--time-map" && value.hasPrefix("@") ? knots(in: String(value.dropFirst())) : value]
            } else if others[name] == true, attached == nil {
                _ = rest.popFirst()
            }
        }
        return kept
    }

    /// `--name=value` as the name and value; another argument as itself.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// A time map file's knots as `--time-map` takes them (TimeMap.listText);
    /// the file's name where it cannot be read as one, for the plan to refuse.
    private static func knots(in path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path),
            let list = try? TimeMap.listText(fileText: String(decoding: data, as: UTF8.self))
        else { return "@" + path }
        return list
    }
}
