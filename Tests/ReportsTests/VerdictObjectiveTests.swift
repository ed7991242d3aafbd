import DeflateBenchModel
import DeflateBenchResults
import TestSupport
import Testing

/// `--objective energy` (docs/verdict.md, docs/energy.md): the same rules weigh the phone's energy
/// per request in session instead of the time, on crafted cells. Time and energy disagree where
/// the CPU and the radio draw very different powers: a budget phone's slow little core on LTE (the
/// radio draws ten times the core), a flagship's big core on Wi-Fi (the core draws ten times the
/// radio).
@Suite("Verdict: the energy objective")
struct VerdictObjectiveTests {
  typealias Cases = VerdictDecisionTests

  static func parameters(
    _ objective: VerdictObjective, links: [LinkPreset], devices: [DeviceClass], minSavingMs: Double? = nil,
    minSavingMj: Double? = nil
  ) -> ModelParameters {
    var parameters = Cases.parameters(links: links, devices: devices, minSavingMs: minSavingMs)
    parameters.objective = objective.rawValue
    parameters.minSavingMj = minSavingMj
    return parameters
  }

  static func row(_ cells: [CellResult], _ parameters: ModelParameters) throws -> VerdictRow {
    try #require(Cases.rows(cells, parameters: parameters).first)
  }

  /// One zlib 6 cell whose compress time on `device` over `link` takes `share` of the time its
  /// smaller body saves: measured first with a compressor so fast its time is nothing, then at the
  /// speed that makes the phone's compress time that share of the saving.
  static func cell(
    input: Int, out: Int, link: LinkPreset, device: DeviceClass, keeping keptMs: (Double) -> Double
  ) throws -> (cell: CellResult, savedByBytesMs: Double) {
    let time = parameters(.time, links: [link], devices: [device])
    let free = try row([Cases.cell("zlib", 6, input: input, out: out, speed: 1e7)], time)
    let saved = free.identityMs - (try #require(free.bestMs))
    let compressMs = saved - keptMs(saved)
    let speed = Double(input) * device.compressSlowdown / (compressMs / 1000) / 1e6
    return (Cases.cell("zlib", 6, input: input, out: out, speed: speed), saved)
  }

  @Test(
    "a budget phone on LTE: compressing takes all but 1 ms of the time it saves (no meaningful difference), while the core draws a tenth of the radio's power (compress on energy)"
  )
  func energySaysCompressWhereTimeSeesNoDifference() throws {
    let (cell, saved) = try Self.cell(
      input: 34_800, out: 3_900, link: .lte, device: .phoneLow, keeping: { _ in 1 })
    #expect(saved > 50, "the smaller body saves \(saved) ms on LTE")
    let time = try Self.row([cell], Self.parameters(.time, links: [.lte], devices: [.phoneLow]))
    #expect(time.decision == "no_meaningful_difference", "\(time)")
    #expect(time.objective == "time" && time.objectiveNote == nil)
    #expect(abs(time.savingMs - 1) < 0.01, "the saving left is 1 ms: \(time.savingMs)")

    let energy = try Self.row([cell], Self.parameters(.energy, links: [.lte], devices: [.phoneLow]))
    #expect(energy.objective == "energy" && energy.objectiveNote == nil, "\(energy)")
    #expect(energy.decision == "compress", "\(energy)")
    #expect(energy.bestBackend == "zlib" && energy.bestLevel == 6)
    // The times are the same model's either way: only what the rules weighed changed.
    #expect(energy.identityMs == time.identityMs && energy.bestMs == time.bestMs)
    let figures = try #require(energy.energy?.inSession)
    let savingMj = try #require(figures.savingMj)
    // The radio saves (seconds x 1.2 to 3.4 W) far more than the little core spends (0.354 W).
    #expect(savingMj > 100, "\(figures)")
    #expect(try #require(figures.bestHighMj) < figures.identityMj)
  }

  @Test(
    "a flagship on Wi-Fi: compressing saves half the time its bytes save (compress on time), while the big core draws ten times the radio's power (send uncompressed on energy)"
  )
  func timeSaysCompressWhereEnergySaysSendUncompressed() throws {
    let (cell, saved) = try Self.cell(
      input: 100_000, out: 25_000, link: .wifi, device: .phoneHigh, keeping: { $0 / 2 })
    let time = try Self.row([cell], Self.parameters(.time, links: [.wifi], devices: [.phoneHigh]))
    #expect(time.decision == "compress", "\(time)")
    #expect(abs(time.savingMs - saved / 2) < 0.01 * saved)
    let energy = try Self.row([cell], Self.parameters(.energy, links: [.wifi], devices: [.phoneHigh]))
    #expect(energy.objective == "energy")
    #expect(energy.decision == "send_uncompressed", "\(energy)")
    let figures = try #require(energy.energy?.inSession)
    // 4.0 W for half the saved time against 0.403 W for all of it: about 1.6 mJ more per saved ms.
    let costMj = -(try #require(figures.savingMj))
    #expect(costMj > 1.2 * saved && costMj < 2 * saved, "\(costMj) mJ more for \(saved) ms saved")
  }

  @Test("the minimum saving is in mJ with the energy objective, in ms with time, and never the other's")
  func minimumSavingTakesTheObjectivesUnit() throws {
    let (cell, _) = try Self.cell(input: 34_800, out: 3_900, link: .lte, device: .phoneLow, keeping: { $0 / 2 })
    let onEnergy = { (ms: Double?, mj: Double?) in
      try Self.row(
        [cell], Self.parameters(.energy, links: [.lte], devices: [.phoneLow], minSavingMs: ms, minSavingMj: mj))
    }
    let row = try onEnergy(nil, nil)
    #expect(row.decision == "compress")
    let saving = try #require(row.energy?.inSession.savingMj)
    #expect(try onEnergy(nil, saving + 1).decision == "no_meaningful_difference")
    #expect(try onEnergy(nil, saving - 1).decision == "compress")
    // Milliseconds do not govern a row decided on energy, however large.
    #expect(try onEnergy(10_000, nil).decision == "compress")
    // Nor millijoules a row decided on time.
    var time = Self.parameters(.time, links: [.lte], devices: [.phoneLow])
    time.minSavingMj = 1e9
    #expect(try Self.row([cell], time).decision == "compress")
  }

  @Test(
    "energy falls back to time, and says why, for this machine, a phone without a CPU power and a link whose radio is unknown"
  )
  func fallsBackToTimeWhereEnergyIsNotModelled() throws {
    let office = LinkPreset(name: "office", uplinkBitsPerSecond: 20e6, rttMilliseconds: 15, source: "test")
    let cells = VerdictAnchorTests.events50
    let devices: [DeviceClass] = [.this, .phoneHigh, .phoneMid]
    let energy = Cases.rows(cells, parameters: Self.parameters(.energy, links: [.lte, office], devices: devices))
    let time = Cases.rows(cells, parameters: Self.parameters(.time, links: [.lte, office], devices: devices))
    #expect(energy.count == 6 && time.count == 6)
    for (row, timeRow) in zip(energy, time) {
      let place = "\(row.link) \(row.device)"
      if row.link == "lte" && row.device == "phone-high" {
        #expect(row.objective == "energy" && row.objectiveNote == nil, "\(place)")
        continue
      }
      #expect(row.objective == "time", "\(place)")
      let note = try #require(row.objectiveNote, "\(place)")
      let reason =
        row.device == "this"
        ? "the measuring machine is not a phone"
        : row.link == "office"
          ? "the radio of link office is unknown" : "no CPU power is known for phone-mid"
      #expect(note == "\(reason): decided on time", "\(place): \(note)")
      // Decided on time, the row is the time objective's.
      #expect(row.decision == timeRow.decision && row.bestBackend == timeRow.bestBackend, "\(place)")
    }
  }

  @Test("the answer line adds the pick's energy on the reference link, and says when it was decided on energy")
  func answerLinesSpeakEnergy() throws {
    let cells = VerdictAnchorTests.events50
    let document = Cases.document(cells)
    let answer = { (objective: VerdictObjective, devices: [DeviceClass]) in
      let parameters = Self.parameters(objective, links: [.threeG, .lte], devices: devices)
      let rows = Verdict.rows(document, cells: SummarizedCell.all(document), parameters: parameters)
      let answer = try #require(
        Verdict.answers(document, cells: SummarizedCell.all(document), parameters: parameters).first)
      let row = try #require(
        rows.first { $0.link == answer.referenceLink && $0.device == answer.referenceDevice })
      return (answer, row)
    }
    // Time: the headline in ms, then what the pick saves in energy on LTE and its share of an
    // isolated upload (promotion and tail included), from the figures the answer's link carries.
    let (onTime, timeRow) = try answer(.time, [.this, .phoneHigh])
    let lte = try #require(onTime.links.first { $0.link == "lte" })
    #expect(lte.energy == timeRow.energy, "the answer's link carries its row's energies")
    let energy = try #require(lte.energy)
    let saving = try #require(energy.inSession.savingMj)
    let share = 100 * saving / energy.isolated.identityMj
    #expect(share > 1 && share < 3, "\(share) % of an isolated upload")
    #expect(onTime.objective == "time" && onTime.objectiveNote == nil)
    let timeLine = onTime.line
    #expect(timeLine.contains("compress with zlib gzip 6: faster by "), "\(timeLine)")
    #expect(
      timeLine.contains(
        "; saves \(NumberText.energy(millijoules: saving)) per request on LTE, "
          + "\(NumberText.fixed(share, decimals: 1)) % of an isolated upload"), "\(timeLine)")
    #expect(!timeLine.contains("decided on"), "\(timeLine)")

    // Energy: the headline in energy per request in session, its shares, the time beside it.
    let (onEnergy, energyRow) = try answer(.energy, [.this, .phoneHigh])
    #expect(onEnergy.objective == "energy" && energyRow.objective == "energy")
    let line = onEnergy.line
    let inSession = 100 * saving / energy.inSession.identityMj
    #expect(inSession > 10, "most of an in-session request's energy is the radio's sending")
    #expect(
      line.contains(
        "compress with zlib gzip 6: saves \(NumberText.energy(millijoules: saving)) per request on LTE from an "
          + "iPhone 14 Pro-class phone (\(NumberText.fixed(inSession, decimals: 0)) % in session, "
          + "\(NumberText.fixed(share, decimals: 1)) % of an isolated upload)"), "\(line)")
    #expect(line.contains("; decided on energy; faster by "), "\(line)")

    // Only this machine: the answer is decided on time, and its line says why.
    let (fallback, _) = try answer(.energy, [.this])
    #expect(fallback.objective == "time")
    #expect(fallback.line.contains("; the measuring machine is not a phone: decided on time"), "\(fallback.line)")
    #expect(!fallback.line.contains(" mJ"), "no energy for this machine: \(fallback.line)")
  }

  @Test("batching in joules: energy per event of isolated requests, and batch instead says both")
  func batchInsteadInJoules() throws {
    let cells = [1, 50].flatMap { events in
      [
        Cases.cell(
          "zlib", 6, input: 700 * events * 10, out: 700 * events * 10 / (events == 1 ? 2 : 9), speed: 60,
          split: "events=\(events)", payloads: 10)
      ]
    }
    let document = Cases.document(cells)
    for objective in VerdictObjective.allCases {
      let parameters = Self.parameters(objective, links: [.lte, .wifi], devices: [.phoneHigh])
      let answers = Verdict.answers(document, cells: SummarizedCell.all(document), parameters: parameters)
      let single = try #require(answers.first { $0.split == "events=1" })
      let batched = try #require(answers.first { $0.split == "events=50" })
      let lte = try #require(batched.links.first { $0.link == "lte" })
      let request = try #require(lte.energy?.isolated)
      let perEvent = ((batched.decision == "compress" ? request.bestMj : nil) ?? request.identityMj) / 50
      #expect(abs(try #require(lte.mjPerEvent) - perEvent) < 1e-9)
      let hint = try #require(single.batchInstead, "\(objective)")
      #expect(hint.events == 50 && hint.mjPerEvent == lte.mjPerEvent && hint.msPerEvent == lte.msPerEvent)
      // LTE's promotion and tail (11.4 J) paid once per fifty events instead of once per event.
      let alone = try #require(single.links.first { $0.link == "lte" }?.mjPerEvent)
      let batchedMj = try #require(hint.mjPerEvent)
      #expect(alone > 11_000 && batchedMj < alone / 40, "\(alone) against \(hint)")
      #expect(
        single.line.contains(
          "batch instead: 50 events per request take \(NumberText.milliseconds(hint.msPerEvent)) ms per event on LTE "
            + "(\(NumberText.energy(millijoules: try #require(hint.mjPerEvent))) per event, each request isolated)"),
        "\(single.line)")
    }
  }
}
