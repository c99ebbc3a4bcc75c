import FilmAnalysis
import Foundation
import Frames
import HingeKit
import HingeTestSupport
import Testing

/// Synthetic films through PNG files, the reader and the detector: exactly the ground-truth
/// events come back, on every scene and several seeds.
@Suite("Film round trip: synthesis → PNG → events")
struct FilmRoundTripTests {
    static let cases: [(SyntheticFilm.Scene, UInt64)] = SyntheticFilm.Scene.allCases.flatMap { scene in
        (1...4).map { (scene, UInt64($0)) }
    }

    @Test("the detector finds exactly the ground-truth events", arguments: cases)
    func roundTrip(scene: SyntheticFilm.Scene, seed: UInt64) throws {
        let film = SyntheticFilm(scene: scene, seed: seed)
        let folder = temporaryFolder("round-trip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for shot in film.shots {
            let digits = String(shot.time)
            let name = String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
            write(try #require(film.render(shot).pngData()), to: folder + "/" + name)
        }
        let frames = try FilmReader(batchSize: 3).read(FrameFile.frames(inFolder: folder))
        #expect(frames.map(\.time) == film.shots.map(\.time))
        let hinge = film.hinge.isEmpty ? nil : try HingeRestTimeline(samples: film.hinge)
        let events = FilmEventDetector().events(in: frames, hinge: hinge)
        func key(_ event: FilmEvent) -> String { "\(event.kind.rawValue) \(event.start) \(event.end) \(event.frames)" }
        let truth = (film.truth + film.hingeTruth).sorted {
            ($0.start, FilmEvent.Kind.allCases.firstIndex(of: $0.kind)!)
                < ($1.start, FilmEvent.Kind.allCases.firstIndex(of: $1.kind)!)
        }
        #expect(events.map(key) == truth.map(key))
        for (found, true_) in zip(events, truth) where true_.kind == .crossfade {
            #expect(found.alphas.count == true_.alphas.count)
            for (alpha, expected) in zip(found.alphas, true_.alphas) {
                // Tile means of 8-bit blends: within 0.02 of the blend that was drawn.
                #expect(abs(alpha - expected) <= 0.02, "α \(alpha) against \(expected)")
            }
        }
        if let late = events.first(where: { $0.kind == .lateMotion }) {
            // The hinge stopped when its last sample came; the reader sees it within 150 ms.
            let lastSample = Int((film.hinge.last!.time * 1000).rounded())
            let since = try #require(late.sinceHingeStop)
            #expect(since <= late.start - lastSample && since >= late.start - lastSample - 150)
        }
    }

    @Test("reading in batches of any size gives the same differences")
    func batches() throws {
        let film = SyntheticFilm(scene: .crossfade, seed: 9)
        let folder = temporaryFolder("batches")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var previous: Frame?
        var direct: [Double] = []
        for shot in film.shots {
            let frame = film.render(shot)
            direct.append(previous.map { FrameDifference($0, frame).rmse } ?? 0)
            previous = frame
            write(try #require(frame.pngData()), to: folder + "/\(shot.time).png")
        }
        for batch in [1, 2, 5, 64] {
            let frames = try FilmReader(batchSize: batch).read(FrameFile.frames(inFolder: folder))
            #expect(frames.map(\.rmse) == direct, "batch \(batch)")
        }
        // A budget smaller than one frame reads one frame at a time.
        let frames = try FilmReader(batchSize: 8, memoryBudget: 1).read(FrameFile.frames(inFolder: folder))
        #expect(frames.map(\.rmse) == direct)
    }
}
