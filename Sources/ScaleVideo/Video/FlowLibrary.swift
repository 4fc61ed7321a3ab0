import Glibc

/// The flow kernel's library, `libScaleVideoFlow.so` (the C++ CFlowKernel
/// over OpenCV), loaded the first time `--motion flow` is planned, so a run
/// that makes no flow pictures never maps OpenCV. It is looked for beside
/// the running program (where SwiftPM builds it), then in
/// `../lib/scale-video/` from there (where scripts/install.sh puts it); the
/// environment's `SCALE_VIDEO_FLOW_LIBRARY`, when set, names the one file to
/// load instead. Its seven C entry points are those of FlowKernel.h.
struct FlowLibrary: Sendable {
    typealias New = @convention(c) (Int32, Int32, Int32, Int32, Int32, Int32) -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Void
    typealias NewPair = @convention(c) () -> OpaquePointer?
    typealias Prepare = @convention(c) (
        OpaquePointer?, OpaquePointer?, UnsafePointer<UnsafePointer<UInt8>?>?, UnsafePointer<Int32>?,
        UnsafePointer<UnsafePointer<UInt8>?>?, UnsafePointer<Int32>?
    ) -> Int32
    typealias IsCut = @convention(c) (OpaquePointer?) -> Int32
    typealias Interpolate = @convention(c) (
        OpaquePointer?, OpaquePointer?, Double, UnsafePointer<UnsafeMutablePointer<UInt8>?>?, UnsafePointer<Int32>?
    ) -> Int32

    /// `sv_flow_new(width, height, chroma_shift_x, chroma_shift_y, bytes, depth)`.
    let new: New
    /// `sv_flow_free(flow)`.
    let free: Free
    /// `sv_flow_pair_new()`.
    let newPair: NewPair
    /// `sv_flow_pair_free(pair)`.
    let freePair: Free
    /// `sv_flow_prepare(flow, pair, a, a_stride, b, b_stride)`.
    let prepare: Prepare
    /// `sv_flow_is_cut(pair)`.
    let isCut: IsCut
    /// `sv_flow_interpolate(flow, pair, weight, out, out_stride)`.
    let interpolate: Interpolate

    /// The library's file name.
    static let fileName = "libScaleVideoFlow.so"
    /// The environment variable naming the library's path in place of the places searched.
    static let override = "SCALE_VIDEO_FLOW_LIBRARY"

    /// The library, loaded once for the whole process; the reason, in words, when it cannot be.
    static func loaded() throws(ScaleError) -> FlowLibrary { try shared.get() }

    private static let shared: Result<FlowLibrary, ScaleError> = load()

    private static func load() -> Result<FlowLibrary, ScaleError> {
        let places = candidates()
        // The first that exists, so the reason given is why that one would not load.
        let existing = places.first { access($0, F_OK) == 0 }
        let path = existing ?? places[0]
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let elsewhere = existing == nil && places.count > 1 ? " (nor is it at \(places[1...].joined(separator: " or ")))" : ""
            let fix = existing == nil && getenv(override) == nil ? "; \(commandThatBuilds("ScaleVideoFlow"))" : ""
            return .failure(.failed("--motion flow cannot load its library \(fileName): \(reason())\(elsewhere)\(fix)"))
        }
        func symbol<Function>(_ name: String, as type: Function.Type) throws(ScaleError) -> Function {
            guard let address = dlsym(handle, name) else {
                throw .failed("--motion flow cannot use its library \(path): \(reason())")
            }
            return unsafeBitCast(address, to: type)
        }
        do throws(ScaleError) {
            return .success(
                FlowLibrary(
                    new: try symbol("sv_flow_new", as: New.self), free: try symbol("sv_flow_free", as: Free.self),
                    newPair: try symbol("sv_flow_pair_new", as: NewPair.self), freePair: try symbol("sv_flow_pair_free", as: Free.self),
                    prepare: try symbol("sv_flow_prepare", as: Prepare.self), isCut: try symbol("sv_flow_is_cut", as: IsCut.self),
                    interpolate: try symbol("sv_flow_interpolate", as: Interpolate.self)))
        } catch {
            dlclose(handle)
            return .failure(error)
        }
    }

    /// Where the library is looked for, in order.
    private static func candidates() -> [String] {
        if let path = getenv(override).map({ String(cString: $0) }), !path.isEmpty { return [path] }
        let folder = runningProgramFolder()
        return ["\(folder)/\(fileName)", "\(parentFolder(of: folder))/lib/scale-video/\(fileName)"]
    }

    /// dlerror's message for the last failure.
    private static func reason() -> String { dlerror().map { String(cString: $0) } ?? "unknown error" }
}
