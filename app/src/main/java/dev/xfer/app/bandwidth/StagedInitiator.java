package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.HostClock;
import dev.xfer.app.staging.StagedCopy.Direction;
import dev.xfer.app.staging.StagingTeam;

import java.util.List;

/**
 * xfer's staged copy: the staging team's threads fill its pinned slots while the copy engine
 * drains them ({@link StagingTeam}), or one of those two halves alone (a staged copy's ceilings).
 * A sample is one run of the team's job, timed by the host clock from the first slot's fill to
 * the last copy's completion: the team returns once its last copy is complete, so the clock needs
 * no stream to wait for.
 */
final class StagedInitiator implements CopyInitiator {
    private final StagingTeam team;
    private final StagingTeam.Part part;

    StagedInitiator(StagingTeam team, StagingTeam.Part part) {
        this.team = team;
        this.part = part;
    }

    /** The job is made here, before its loop: making one sets up every lane's share of it. */
    @Override
    public Sample sampleOf(CopyEnds ends) {
        Direction direction = switch (ends.direction()) {
            case H2D -> Direction.H2D;
            case D2H -> Direction.D2H;
            default -> throw new IllegalArgumentException("the staging lanes copy h2d or d2h, not "
                    + ends.direction());
        };
        StagingTeam.Job job = team.job(direction, part, List.of(ends.other()), List.of(ends.device()));
        HostClock clock = HostClock.untilReturn();
        return () -> clock.time(() -> team.run(job));
    }
}
