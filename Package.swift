// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "scale-video",
    products: [
        .executable(name: "scale-video", targets: ["scale-video"]),
        .executable(name: "scale-video-studio", targets: ["scale-video-studio"]),
        .library(name: "ScaleVideo", targets: ["ScaleVideo"]),
        // The flow kernel and OpenCV, loaded by ScaleVideo only when --motion flow runs (FlowLibrary).
        .library(name: "ScaleVideoFlow", type: .dynamic, targets: ["CFlowKernel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [
                .apt([
                    "libavformat-dev", "libavcodec-dev", "libavfilter-dev", "libswscale-dev",
                    "libswresample-dev", "libavutil-dev", "pkg-config",
                ]),
            ]
        ),
        .systemLibrary(
            name: "CRubberBand",
            pkgConfig: "rubberband",
            providers: [.apt(["librubberband-dev", "pkg-config"])]
        ),
        .target(name: "CStretchKernel"),
        .target(name: "CBlendKernel"),
        .target(
            name: "CFlowKernel",
            cxxSettings: [
                .unsafeFlags(["-I/usr/include/opencv4"]),
                // Its loops are the flow's cost: -O3 (no fast math, so the same
                // pictures, bit for bit) rather than SwiftPM's -O2. Alternating runs of
                // the 640x360 ×2 job took 2 to 7% less time so, within the machine's noise.
                .unsafeFlags(["-O3"], .when(configuration: .release)),
            ],
            linkerSettings: [
                .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
                // C++ alone: no Swift start-up routine, nor the Swift runtime it would need.
                .unsafeFlags(["-nostartfiles", "-static-stdlib"]),
            ]
        ),
        // The pure timing code: no C, so the compiler keeps FFmpeg out of it.
        .target(name: "Timing"),
        .target(name: "ScaleVideo", dependencies: ["Timing", "CFFmpeg", "CRubberBand", "CStretchKernel", "CBlendKernel"]),
        // The studio (SPEC §15): a local web page over the library.
        .target(
            name: "Studio",
            dependencies: [
                "ScaleVideo", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Page")]
        ),
        .executableTarget(
            name: "scale-video",
            dependencies: [
                "ScaleVideo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `scale-video studio`, which the command runs: a program of its own, so the command loads no server.
        .executableTarget(
            name: "scale-video-studio",
            dependencies: ["Studio", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "scale-video-manual", path: "Tools/ManualPage"),
        .executableTarget(name: "scale-video-example", dependencies: ["ScaleVideo"], path: "examples/library"),
        .executableTarget(name: "stretch-bench", dependencies: ["ScaleVideo"], path: "bench/StretchBench"),
        // What both test targets share: reproducible random numbers, exact times from text.
        .target(name: "TestSupport", dependencies: ["Timing"], path: "Tests/TestSupport"),
        .testTarget(name: "TimingTests", dependencies: ["Timing", "TestSupport"]),
        .testTarget(name: "ScaleVideoTests", dependencies: ["ScaleVideo", "scale-video", "scale-video-studio", "TestSupport"]),
    ]
)
